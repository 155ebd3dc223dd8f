import type { TradesPage } from '@td/contracts';
import {
  formatINR,
  formatRate,
  formatSignedINR,
  isRateFromEnoughCases,
  MISSING_VALUE,
  pnlTone,
  Skeleton,
  Tile,
  TileGrid,
  toneColour,
  winRateTone,
} from '@td/ui';
import type { ReactNode } from 'react';

type Summary = TradesPage['summary'];

const count = (value: number | null) => (value === null ? MISSING_VALUE : value.toLocaleString('en-IN'));

/** Coloured by spec part 2 §9's bands only when enough trades stand behind it to rate. */
function WinRate({ rate, closed }: { rate: number | null; closed: number }) {
  if (rate === null || !isRateFromEnoughCases(closed)) return <>{formatRate(rate, closed)}</>;
  return <span style={{ color: toneColour(winRateTone(rate)) }}>{formatRate(rate, closed)}</span>;
}

export interface TradesSummaryProps {
  summary: Summary | undefined;
  loading: boolean;
}

/**
 * spec part 2 §2.4 summary cards, over every trade matching the filters. Without a summary (the
 * load failed) each card shows a dash; nothing is ever made up.
 */
export function TradesSummary({ summary, loading }: TradesSummaryProps) {
  const value = (read: (s: Summary) => ReactNode) =>
    loading ? <Skeleton lines={1} label="Loading" /> : summary ? read(summary) : MISSING_VALUE;
  const sub = (read: (s: Summary) => string) => (summary ? read(summary) : undefined);
  return (
    <TileGrid $min="180px" aria-busy={loading || undefined}>
      <Tile
        label="Total Trades"
        value={value((s) => count(s.total_trades))}
        subValue={sub((s) => `${count(s.filled)} completed`)}
      />
      <Tile
        label="Total P&L"
        value={value((s) => formatSignedINR(s.total_pnl))}
        tone={summary ? pnlTone(summary.total_pnl) : 'neutral'}
        subValue={sub((s) => `after ${formatINR(s.total_fees)} charges`)}
      />
      <Tile
        label="Win Rate"
        value={value((s) => <WinRate rate={s.win_rate} closed={s.closed_trades} />)}
        subValue={sub((s) =>
          s.closed_trades > 0 ? `of ${count(s.closed_trades)} closed trades` : 'No closed trades yet',
        )}
      />
      <Tile
        label="Open Positions"
        value={value((s) => count(s.open_positions))}
        subValue={sub(() => 'holdings now')}
      />
      <Tile
        label="Pending Orders"
        value={value((s) => count(s.pending))}
        subValue={sub(() => 'waiting to fill')}
      />
    </TileGrid>
  );
}
