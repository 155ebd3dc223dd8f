import type { HistoryInterval, HistorySource } from '@td/contracts';
import type {
  HistoricalBar,
  HistoricalBarsQuery,
  HistoricalCandlesRepository,
  HistoricalCoverage,
  SessionBarCount,
} from '../../core/ports/repositories/historical-candles';
import type { SqlDatabase } from './sql-database';
import { statementCache } from './statement-cache';

/**
 * Upsert of `rows` bars in one statement: a re-import or a re-fetch of the same bars replaces them
 * (both databases accept the form). Many rows a statement because PostgreSQL's driver here is
 * synchronous (sync-pg): a statement per bar made a 100,000-row import 100,000 blocking round trips.
 */
const saveBars = (rows: number) => `INSERT INTO historical_candles
  (symbol, bar_interval, start_ts, open_paise, high_paise, low_paise, close_paise, volume, source)
  VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
  ON CONFLICT (symbol, bar_interval, start_ts) DO UPDATE SET
    open_paise = excluded.open_paise, high_paise = excluded.high_paise, low_paise = excluded.low_paise,
    close_paise = excluded.close_paise, volume = excluded.volume, source = excluded.source`;

/**
 * Statement sizes, largest first: 500 rows bind 4,500 values, under both databases' limits (SQLite
 * 32,766, PostgreSQL 65,535). A file is written in the largest that fit, so at most three statements
 * are ever prepared.
 */
const CHUNKS = [500, 25, 1] as const;

interface BarRow {
  symbol: string;
  bar_interval: HistoryInterval;
  start_ts: number;
  open_paise: number;
  high_paise: number;
  low_paise: number;
  close_paise: number;
  volume: number;
  source: HistorySource;
}

const barFromRow = (row: BarRow): HistoricalBar => ({
  symbol: row.symbol,
  interval: row.bar_interval,
  startMs: Number(row.start_ts),
  open: Number(row.open_paise),
  high: Number(row.high_paise),
  low: Number(row.low_paise),
  close: Number(row.close_paise),
  volume: Number(row.volume),
  source: row.source,
});

const IST_OFFSET_MS = 19_800_000;
const DAY_MS = 86_400_000;

const bySymbol = (a: { symbol: string }, b: { symbol: string }) =>
  a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;

/** The historical_candles table (migration 022). Writes join the caller's unit of work. */
export class SqlHistoricalCandlesRepository implements HistoricalCandlesRepository {
  private readonly sql;

  constructor(db: SqlDatabase) {
    this.sql = statementCache(db);
  }

  save(given: readonly HistoricalBar[]): void {
    // One row per key, the last given winning, as one statement per bar would leave it: PostgreSQL
    // refuses an upsert that touches a row twice in one statement.
    const byKey = new Map(given.map((bar) => [`${bar.symbol}|${bar.interval}|${bar.startMs}`, bar]));
    const bars = byKey.size === given.length ? given : [...byKey.values()];
    let at = 0;
    for (const size of CHUNKS) {
      const statement = this.sql(saveBars(size));
      for (; at + size <= bars.length; at += size) {
        const values: (string | number)[] = [];
        for (const bar of bars.slice(at, at + size)) {
          values.push(bar.symbol, bar.interval, bar.startMs, bar.open, bar.high, bar.low, bar.close);
          values.push(bar.volume, bar.source);
        }
        statement.run(...values);
      }
    }
  }

  bars(query: HistoricalBarsQuery): HistoricalBar[] {
    if (query.symbols.length === 0) return [];
    const symbols = [...new Set(query.symbols)];
    const rows = this.sql(
      `SELECT symbol, bar_interval, start_ts, open_paise, high_paise, low_paise, close_paise, volume, source
       FROM historical_candles
       WHERE symbol IN (${symbols.map(() => '?').join(', ')}) AND bar_interval = ? AND start_ts >= ? AND start_ts <= ?
       ORDER BY start_ts`,
    ).all(...symbols, query.interval, query.fromMs, query.toMs) as BarRow[];
    // Symbols sorted here, by code point: PostgreSQL's collation would order M&M after MARUTI.
    return rows.map(barFromRow).sort((a, b) => bySymbol(a, b) || a.startMs - b.startMs);
  }

  coverage(): HistoricalCoverage[] {
    const rows = this.sql(
      `SELECT symbol, bar_interval, MIN(start_ts) AS first_ts, MAX(start_ts) AS last_ts, COUNT(*) AS bars
       FROM historical_candles GROUP BY symbol, bar_interval`,
    ).all() as {
      symbol: string;
      bar_interval: HistoryInterval;
      first_ts: number;
      last_ts: number;
      bars: number;
    }[];
    return rows
      .map((row) => ({
        symbol: row.symbol,
        interval: row.bar_interval,
        firstMs: Number(row.first_ts),
        lastMs: Number(row.last_ts),
        count: Number(row.bars),
      }))
      .sort((a, b) => bySymbol(a, b) || (a.interval < b.interval ? -1 : 1));
  }

  spans(symbols: readonly string[], interval: HistoryInterval): Omit<HistoricalCoverage, 'count'>[] {
    const edge = (order: 'ASC' | 'DESC') =>
      this.sql(
        `SELECT start_ts FROM historical_candles WHERE symbol = ? AND bar_interval = ? ORDER BY start_ts ${order} LIMIT 1`,
      );
    const [firstOf, lastOf] = [edge('ASC'), edge('DESC')];
    return [...new Set(symbols)].sort().flatMap((symbol) => {
      const first = firstOf.get(symbol, interval) as { start_ts: number } | undefined;
      if (!first) return [];
      const last = lastOf.get(symbol, interval) as { start_ts: number };
      return [{ symbol, interval, firstMs: Number(first.start_ts), lastMs: Number(last.start_ts) }];
    });
  }

  minuteBarsPerDate(query: Omit<HistoricalBarsQuery, 'interval'>): SessionBarCount[] {
    if (query.symbols.length === 0) return [];
    const symbols = [...new Set(query.symbols)];
    const span = this.minuteSpan(symbols, query.fromMs, query.toMs);
    if (!span) return [];
    // A query a day, grouped by symbol in the key's own order: one grouped query over the range sorted
    // every row in a temporary tree, 4-6 times slower on the thread that serves the requests (0056).
    const count = this.sql(
      `SELECT symbol, COUNT(*) AS bars FROM historical_candles
       WHERE symbol IN (${symbols.map(() => '?').join(', ')}) AND bar_interval = '1minute' AND start_ts >= ? AND start_ts <= ?
       GROUP BY symbol`,
    );
    const counts: SessionBarCount[] = [];
    const lastDay = Math.floor((span.last + IST_OFFSET_MS) / DAY_MS);
    for (let day = Math.floor((span.first + IST_OFFSET_MS) / DAY_MS); day <= lastDay; day++) {
      const dayStart = day * DAY_MS - IST_OFFSET_MS;
      const within = [Math.max(dayStart, span.first), Math.min(dayStart + DAY_MS - 1, span.last)];
      const rows = count.all(...symbols, ...within) as {
        symbol: string;
        bars: number;
      }[];
      const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
      const sorted = rows
        .map((row) => ({ symbol: row.symbol, date, count: Number(row.bars) }))
        .sort(bySymbol);
      counts.push(...sorted);
    }
    return counts;
  }

  /** The first and last one-minute bar of these symbols in the range: two index seeks a symbol. */
  private minuteSpan(symbols: readonly string[], fromMs: number, toMs: number) {
    const edge = (order: 'ASC' | 'DESC') =>
      this.sql(
        `SELECT start_ts FROM historical_candles
         WHERE symbol = ? AND bar_interval = '1minute' AND start_ts >= ? AND start_ts <= ?
         ORDER BY start_ts ${order} LIMIT 1`,
      );
    const [firstOf, lastOf] = [edge('ASC'), edge('DESC')];
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const symbol of symbols) {
      const earliest = firstOf.get(symbol, fromMs, toMs) as { start_ts: number } | undefined;
      if (!earliest) continue;
      const latest = lastOf.get(symbol, fromMs, toMs) as { start_ts: number };
      first = Math.min(first, Number(earliest.start_ts));
      last = Math.max(last, Number(latest.start_ts));
    }
    return first <= last ? { first, last } : null;
  }
}
