import { z } from 'zod';
import { calendarDateSchema } from './calendar-date';

/** Bar lengths the history store keeps: one minute (the session's bars) and one trading day. */
export const HISTORY_INTERVALS = ['1minute', 'day'] as const;
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number];

/** Where a stored bar came from. */
export const HISTORY_SOURCES = ['csv', 'upstox'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

/**
 * CSV layouts POST /api/history/import reads (docs/history-import.md): `ohlcv` is ours
 * (symbol,timestamp,open,high,low,close,volume), `nse-bhavcopy` the exchange's daily CM file.
 */
export const HISTORY_IMPORT_FORMATS = ['ohlcv', 'nse-bhavcopy'] as const;
export type HistoryImportFormat = (typeof HISTORY_IMPORT_FORMATS)[number];

/** One upload at most: a year of one-minute bars of one symbol fits (decision 0056). */
export const HISTORY_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const HISTORY_IMPORT_MAX_ROWS = 100_000;
/** The refusal of a file over the limit: the server's, and the browser's before it sends one. */
export const HISTORY_IMPORT_TOO_LARGE = `csv is larger than ${HISTORY_IMPORT_MAX_BYTES / 1024 / 1024} MiB: split the file by month or by symbol`;

/** Symbols one fetch may ask Upstox for. */
export const HISTORY_FETCH_MAX_SYMBOLS = 20;
/** The longest range one fetch covers, per interval, in days (Upstox serves minutes from 2022 on). */
export const HISTORY_FETCH_MAX_DAYS: Readonly<Record<HistoryInterval, number>> = { '1minute': 92, day: 3660 };

const DAY_MS = 86_400_000;
/** The first day of Upstox's one-minute history (its V3 historical-candle API). */
export const UPSTOX_MINUTES_FROM = '2022-01-01';

const interval = z.enum(HISTORY_INTERVALS, {
  error: `interval must be one of ${HISTORY_INTERVALS.join(', ')}`,
});

/** POST /api/history/import: the file's text and its layout; bhavcopy files are daily by nature. */
export const historyImportRequestSchema = z
  .object({
    format: z.enum(HISTORY_IMPORT_FORMATS, {
      error: `format must be one of ${HISTORY_IMPORT_FORMATS.join(', ')}`,
    }),
    interval: interval.optional(),
    csv: z
      .string({ error: 'csv is required: the file as text' })
      .min(1, 'csv is empty: choose a file with a header line and at least one row')
      .max(HISTORY_IMPORT_MAX_BYTES, HISTORY_IMPORT_TOO_LARGE),
  })
  .refine((body) => body.format !== 'ohlcv' || body.interval !== undefined, {
    message: 'interval is required for the ohlcv format: 1minute or day',
    path: ['interval'],
  })
  .refine((body) => body.format !== 'nse-bhavcopy' || (body.interval ?? 'day') === 'day', {
    message: 'an NSE bhavcopy holds daily bars: leave interval out or set it to day',
    path: ['interval'],
  });
export type HistoryImportRequest = z.infer<typeof historyImportRequestSchema>;

/** What one import stored. */
export const historyImportResultSchema = z.object({
  format: z.enum(HISTORY_IMPORT_FORMATS),
  interval,
  imported: z.number().int().nonnegative(),
  /** Bhavcopy rows of other series (BE, SM, …) are passed over, not refused. */
  skipped: z.number().int().nonnegative(),
  symbols: z.array(z.string()),
});
export type HistoryImportResult = z.infer<typeof historyImportResultSchema>;

/**
 * A refused file's 422 body beside its `error` sentence (code `history_rows_refused`): the first
 * refused lines (line 1 is the header) and how many were refused in all.
 */
export const historyImportRefusalSchema = z.object({
  code: z.literal('history_rows_refused'),
  problems: z.array(z.object({ line: z.number().int().positive(), message: z.string() })),
  refusedLines: z.number().int().nonnegative(),
});
export type HistoryImportRefusal = z.infer<typeof historyImportRefusalSchema>;

/** POST /api/history/fetch: Upstox's bars for these symbols over IST days from–to, both included. */
export const historyFetchRequestSchema = z
  .object({
    symbols: z
      .array(z.string().trim().min(1, 'a symbol is empty').max(40, 'a symbol is longer than 40 characters'), {
        error: 'symbols is required: a list like ["RELIANCE", "TCS"]',
      })
      .min(1, 'symbols is empty: name at least one symbol')
      .max(
        HISTORY_FETCH_MAX_SYMBOLS,
        `at most ${HISTORY_FETCH_MAX_SYMBOLS} symbols per fetch: split the list`,
      ),
    interval,
    from: calendarDateSchema('from'),
    to: calendarDateSchema('to'),
  })
  .refine(({ from, to }) => from <= to, {
    message: 'from must be on or before to: swap the two dates',
    path: ['to'],
  })
  .refine(({ from, interval: unit }) => unit !== '1minute' || from >= UPSTOX_MINUTES_FROM, {
    message: `Upstox serves one-minute bars from ${UPSTOX_MINUTES_FROM} on: start the range on or after it`,
    path: ['from'],
  })
  .refine(
    ({ from, to, interval: unit }) =>
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS <
      HISTORY_FETCH_MAX_DAYS[unit],
    {
      message: `the range is too long for one fetch: at most ${HISTORY_FETCH_MAX_DAYS['1minute']} days of 1minute bars or ${HISTORY_FETCH_MAX_DAYS.day} days of daily bars`,
      path: ['to'],
    },
  );
export type HistoryFetchRequest = z.infer<typeof historyFetchRequestSchema>;

/** What one fetch stored, per symbol. */
export const historyFetchResultSchema = z.object({
  interval,
  from: z.string(),
  to: z.string(),
  stored: z.array(z.object({ symbol: z.string(), bars: z.number().int().nonnegative() })),
});
export type HistoryFetchResult = z.infer<typeof historyFetchResultSchema>;

/** GET /api/history/coverage: per symbol and interval, the first and last bar start (ISO) and the count. */
export const historyCoverageEntrySchema = z.object({
  symbol: z.string(),
  interval,
  first: z.string(),
  last: z.string(),
  count: z.number().int().nonnegative(),
});
export type HistoryCoverageEntry = z.infer<typeof historyCoverageEntrySchema>;
export const historyCoverageSchema = z.array(historyCoverageEntrySchema);
