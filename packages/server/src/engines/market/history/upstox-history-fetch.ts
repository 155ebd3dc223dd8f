import type { HistoryFetchRequest, HistoryFetchResult, HistoryInterval } from '@td/contracts';
import { HttpError } from '../../../core/errors';
import type { HistoricalBar } from '../../../core/ports/repositories/historical-candles';
import { addDays, istDateOf, istMidnight, istMsOfDay } from '../../../core/time/ist-time';
import { NSE_SESSION_TIMES } from '../../../core/time/nse-session';
import { findInstrument } from '../instruments';
import { UpstoxAuthError, UpstoxRateLimitError, type UpstoxRestClient } from '../providers/upstox';
import type { HistoryStore } from './history-import';
import type { RequestPacer } from './request-pacer';

/** Upstox V3 serves at most a month of one-minute bars per request, a decade of daily ones. */
const WINDOW_DAYS: Readonly<Record<HistoryInterval, number>> = { '1minute': 28, day: 3650 };
const UNIT: Readonly<Record<HistoryInterval, 'minutes' | 'days'>> = { '1minute': 'minutes', day: 'days' };

export interface UpstoxHistoryFetchDeps {
  rest: Pick<UpstoxRestClient, 'historicalCandles'>;
  /** Why Upstox cannot be asked now (not configured, not connected, session expired); null when it can. */
  unavailableReason(): string | null;
  store: Pick<HistoryStore, 'store'>;
  pacer: RequestPacer;
  now(): number;
}

/** Upstox's historical candles for chosen symbols, stored for backtests one whole symbol at a time. */
export class UpstoxHistoryFetch {
  private running = false;

  constructor(private readonly deps: UpstoxHistoryFetchDeps) {}

  async fetch(request: HistoryFetchRequest): Promise<HistoryFetchResult> {
    const reason = this.deps.unavailableReason();
    if (reason !== null)
      throw new HttpError(409, `Upstox history needs a connected account. ${reason}`, 'upstox_unavailable');
    const today = istDateOf(this.deps.now());
    if (request.to >= today) {
      throw new HttpError(
        400,
        `Invalid to: Upstox's history ends yesterday (${addDays(today, -1)}); today's bars are still forming`,
        'validation_failed',
        { field: 'to' },
      );
    }
    const instruments = [...new Set(request.symbols.map((s) => s.toUpperCase()))].map((symbol) => {
      const instrument = findInstrument(symbol);
      if (!instrument)
        throw new HttpError(
          400,
          `Invalid symbols: ${symbol} is not in the instruments list`,
          'validation_failed',
          { field: 'symbols' },
        );
      return instrument;
    });
    if (this.running)
      throw new HttpError(
        409,
        'A history fetch is already running: wait for it to finish.',
        'history_fetch_running',
      );
    this.running = true;
    const stored: HistoryFetchResult['stored'] = [];
    try {
      for (const instrument of instruments) {
        let bars: HistoricalBar[];
        try {
          bars = await this.symbolBars(instrument.symbol, instrument.instrumentKey, request);
        } catch (error) {
          throw stoppedFetch(error, instrument.symbol, stored);
        }
        // All of a symbol's windows, or none of them: a backtest never meets a hole we made.
        this.deps.store.store(bars);
        stored.push({ symbol: instrument.symbol, bars: bars.length });
      }
    } finally {
      this.running = false;
    }
    return { interval: request.interval, from: request.from, to: request.to, stored };
  }

  private async symbolBars(
    symbol: string,
    instrumentKey: string,
    request: HistoryFetchRequest,
  ): Promise<HistoricalBar[]> {
    const { interval } = request;
    const byStart = new Map<number, HistoricalBar>();
    for (let from = request.from; from <= request.to; from = addDays(from, WINDOW_DAYS[interval])) {
      // The earlier of the window's last day and the range's (YYYY-MM-DD sorts as text).
      const to = [addDays(from, WINDOW_DAYS[interval] - 1), request.to].sort()[0]!;
      await this.deps.pacer.next();
      const rows = await this.deps.rest.historicalCandles(instrumentKey, UNIT[interval], 1, to, from);
      for (const row of rows) {
        const day = istDateOf(row.ts);
        if (day < from || day > to) continue;
        if (interval === '1minute') {
          const ofDay = istMsOfDay(row.ts);
          if (ofDay < NSE_SESSION_TIMES.normalOpen || ofDay >= NSE_SESSION_TIMES.normalClose) continue;
        }
        const startMs = interval === 'day' ? istMidnight(day) : row.ts;
        byStart.set(startMs, {
          symbol,
          interval,
          startMs,
          // Upstox's JSON numbers carry at most two decimals: rounding to paise recovers them exactly.
          open: Math.round(row.open * 100),
          high: Math.round(row.high * 100),
          low: Math.round(row.low * 100),
          close: Math.round(row.close * 100),
          volume: Math.max(0, Math.round(row.volume)),
          source: 'upstox',
        });
      }
    }
    return [...byStart.values()].sort((a, b) => a.startMs - b.startMs);
  }
}

/** The sentence a stopped fetch answers with: what stopped it, what is stored, what to do. */
function stoppedFetch(error: unknown, symbol: string, stored: HistoryFetchResult['stored']): HttpError {
  const done = stored.length > 0 ? `${stored.map((s) => s.symbol).join(', ')} stored; ` : 'nothing stored; ';
  const progress = `${done}${symbol} and the symbols after it were not fetched`;
  const extra = { stored };
  if (error instanceof UpstoxRateLimitError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return new HttpError(
      429,
      `The history fetch paused: Upstox's rate limit was reached (${progress}). Fetch the rest again in ${seconds} s.`,
      'upstox_rate_limited',
      { ...extra, retryAfterSeconds: seconds },
    );
  }
  if (error instanceof UpstoxAuthError) {
    return new HttpError(
      409,
      `The history fetch stopped: Upstox rejected the access token, which expires daily at 03:30 IST (${progress}). Reconnect Upstox (Settings → Connectivity → Connect Upstox) and fetch the rest again.`,
      'upstox_token_rejected',
      extra,
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new HttpError(
    503,
    `The history fetch stopped: ${detail} (${progress}). Try again later.`,
    'upstox_history_failed',
    extra,
  );
}
