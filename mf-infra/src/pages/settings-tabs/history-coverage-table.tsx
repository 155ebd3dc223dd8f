import type { HistoryCoverageEntry, HistoryInterval } from '@td/contracts';
import {
  EmptyState,
  formatIstDate,
  formatIstDateTimeWithYear,
  formatNumber,
  PhoneList,
  Table,
  type TableColumn,
  WideOnly,
} from '@td/ui';

const INTERVAL_NAMES: Readonly<Record<HistoryInterval, string>> = { '1minute': '1 minute', day: 'Daily' };

/** A daily bar starts at its IST day's midnight: its date says it all; a minute bar needs its time. */
const barStart = (entry: HistoryCoverageEntry, iso: string) =>
  entry.interval === 'day' ? formatIstDate(iso) : formatIstDateTimeWithYear(iso);
const bars = (entry: HistoryCoverageEntry) => formatNumber(entry.count, { decimals: 0 });

const COLUMNS: readonly TableColumn<HistoryCoverageEntry>[] = [
  { key: 'symbol', header: 'Symbol', cell: (entry) => entry.symbol },
  { key: 'interval', header: 'Interval', cell: (entry) => INTERVAL_NAMES[entry.interval] },
  { key: 'first', header: 'First bar', cell: (entry) => barStart(entry, entry.first) },
  { key: 'last', header: 'Last bar', cell: (entry) => barStart(entry, entry.last) },
  { key: 'count', header: 'Bars', align: 'right', cell: bars },
];

const rowKey = (entry: HistoryCoverageEntry) => `${entry.symbol}:${entry.interval}`;

/** What the history store holds for backtests, per symbol and interval (GET /api/history/coverage). */
export function HistoryCoverageTable({ coverage }: { coverage: readonly HistoryCoverageEntry[] }) {
  if (coverage.length === 0) {
    return (
      <EmptyState
        title="No historical candles stored"
        message="Import a CSV below (our OHLCV layout or an NSE bhavcopy), or fetch bars from Upstox, to give backtests real bars."
      />
    );
  }
  return (
    <>
      <WideOnly>
        <Table label="Stored candles" columns={COLUMNS} rows={coverage} rowKey={rowKey} />
      </WideOnly>
      <PhoneList aria-label="Stored candles">
        {coverage.map((entry) => (
          <li key={rowKey(entry)}>
            <span>
              {entry.symbol}
              <br />
              <small>
                {barStart(entry, entry.first)} – {barStart(entry, entry.last)}
              </small>
            </span>
            <span className="right">
              {bars(entry)} bars
              <br />
              <small>{INTERVAL_NAMES[entry.interval]}</small>
            </span>
          </li>
        ))}
      </PhoneList>
    </>
  );
}
