import type { PerformanceAnalytics } from '@td/contracts';
import {
  formatINR,
  formatNumber,
  formatPercent,
  formatRate,
  formatSignedINR,
  MISSING_VALUE,
  pnlTone,
  Tile,
  TileGrid,
} from '@td/ui';
import type { ReactNode } from 'react';
import { PERIOD_LABELS } from './performance-messages';

/** What the six cards show: the Performance screen's analytics, or a backtest's same-named figures. */
export type MetricCardFigures = Pick<
  PerformanceAnalytics,
  | 'total_return'
  | 'total_return_percent'
  | 'annualized_return'
  | 'win_rate'
  | 'total_trades'
  | 'winning_trades'
  | 'profit_factor'
  | 'sharpe_ratio'
  | 'ratios_note'
  | 'risk_free_rate'
  | 'max_drawdown'
  | 'max_drawdown_amount'
> &
  Partial<Pick<PerformanceAnalytics, 'period'>>;

export interface MetricCardsProps {
  analytics: MetricCardFigures | undefined;
  loading: boolean;
  /** In error every card shows a dash rather than figures that may be stale (spec part 2 §2.3). */
  failed: boolean;
  /** Under Total Trades when the figures have no period (a backtest's range). */
  scope?: string;
  /** Names the cards as a group (a backtest's figures). */
  label?: string;
  /** More tiles after the six, in the same grid. */
  children?: ReactNode;
}

const ratio = (value: number | null) => formatNumber(value, { decimals: 2 });

/** spec part 2 §2.3: the six metric cards. */
export function MetricCards({ analytics: a, loading, failed, scope, label, children }: MetricCardsProps) {
  const shown = failed ? undefined : a;
  const value = (text: (figures: MetricCardFigures) => string) =>
    loading && !failed ? '…' : shown ? text(shown) : MISSING_VALUE;
  const sub = (text: (figures: MetricCardFigures) => string) => (shown ? text(shown) : undefined);
  return (
    <TileGrid aria-busy={loading || undefined} {...(label ? { role: 'group', 'aria-label': label } : {})}>
      <Tile
        label="Total Return"
        value={value((f) => formatSignedINR(f.total_return))}
        subValue={sub(
          (f) =>
            `${formatPercent(f.total_return_percent, { signed: true })} · annualized ${
              f.annualized_return === null
                ? `${MISSING_VALUE} (under 30 days)`
                : formatPercent(f.annualized_return, { signed: true })
            }`,
        )}
        tone={shown ? pnlTone(shown.total_return) : 'neutral'}
      />
      <Tile
        label="Win Rate"
        value={value((f) => formatRate(f.win_rate, f.total_trades))}
        subValue={sub((f) => `${f.winning_trades}/${f.total_trades} winning`)}
      />
      <Tile
        label="Profit Factor"
        value={value((f) => ratio(f.profit_factor))}
        subValue={sub((f) =>
          f.profit_factor === null && f.total_trades > 0 ? 'no losing trades' : 'gross profit ÷ gross loss',
        )}
      />
      <Tile
        label="Sharpe Ratio"
        value={value((f) => ratio(f.sharpe_ratio))}
        subValue={sub(
          (f) => f.ratios_note ?? `annualised, risk-free ${formatPercent(f.risk_free_rate, { decimals: 1 })}`,
        )}
      />
      <Tile
        label="Max Drawdown"
        value={value((f) => (f.max_drawdown > 0 ? formatPercent(-f.max_drawdown) : formatPercent(0)))}
        subValue={sub((f) =>
          f.max_drawdown_amount > 0 ? formatSignedINR(-f.max_drawdown_amount) : formatINR(0),
        )}
        tone={shown && shown.max_drawdown > 0 ? 'negative' : 'neutral'}
      />
      <Tile
        label="Total Trades"
        value={value((f) => String(f.total_trades))}
        subValue={sub((f) => (f.period ? PERIOD_LABELS[f.period] : (scope ?? '')))}
      />
      {children}
    </TileGrid>
  );
}
