import { errorMessage, useHistoryCoverage } from '@td/api-client';
import type { HistoryCoverageEntry } from '@td/contracts';
import { Button, formatNumber } from '@td/ui';
import styled from 'styled-components';

const Hint = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0;
    flex: 1 1 320px;
    overflow-wrap: anywhere;
  }
`;

const SHOWN = 6;
/** The IST date of an instant the coverage gives in ISO (a one-minute bar starts from 09:15 IST). */
const istDate = (iso: string) => new Date(Date.parse(iso) + 19_800_000).toISOString().slice(0, 10);

export interface StoredRange {
  from: string;
  to: string;
}

/** What one-minute candles are stored (GET /api/history/coverage): the symbols and the dates a run can use. */
export function StoredCandlesHint({ onUseRange }: { onUseRange: (range: StoredRange) => void }) {
  const coverage = useHistoryCoverage();
  if (coverage.isPending) return <Hint>Reading which candles are stored…</Hint>;
  if (coverage.isError) {
    return <Hint role="alert">{errorMessage(coverage.error, 'The stored candles could not be read.')}</Hint>;
  }
  const minutes = coverage.data.filter((entry) => entry.interval === '1minute');
  const daily = coverage.data.filter((entry) => entry.interval === 'day');
  const dailyNote =
    daily.length > 0
      ? ` Daily bars of ${daily.length} ${daily.length === 1 ? 'symbol are' : 'symbols are'} stored too, but a daily bar cannot drive the minute-by-minute replay.`
      : '';
  if (minutes.length === 0) {
    return (
      <Hint>
        <p>
          No one-minute candles are stored yet: import a CSV or fetch from Upstox in Settings → Data Sources.
          {dailyNote}
        </p>
      </Hint>
    );
  }
  const range = {
    from: minutes.map((entry) => istDate(entry.first)).sort()[0]!,
    to: minutes
      .map((entry) => istDate(entry.last))
      .sort()
      .at(-1)!,
  };
  return (
    <Hint>
      <p>
        One-minute candles stored for {listed(minutes)}.{dailyNote}
      </p>
      <Button size="sm" variant="secondary" type="button" onClick={() => onUseRange(range)}>
        Use {range.from} to {range.to}
      </Button>
    </Hint>
  );
}

/** "INFY 2026-01-02 to 2026-01-30 (7,500 bars), …": the first few symbols, then how many more. */
function listed(entries: readonly HistoryCoverageEntry[]): string {
  const shown = entries
    .slice(0, SHOWN)
    .map(
      (entry) =>
        `${entry.symbol} ${istDate(entry.first)} to ${istDate(entry.last)} (${formatNumber(entry.count, { decimals: 0 })} bars)`,
    );
  const more = entries.length > SHOWN ? ` and ${entries.length - SHOWN} more symbols` : '';
  return `${shown.join(', ')}${more}`;
}
