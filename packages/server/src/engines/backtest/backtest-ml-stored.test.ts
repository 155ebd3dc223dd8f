import type { HistoricalBar } from '../../core/ports/repositories/historical-candles';
import { SqlHistoricalCandlesRepository } from '../../storage/sql/historical-candles-repository';
import { openDatabase } from '../../storage/sqlite/database';
import type { Candle } from '../market/market-types';
import { SeededRandom } from '../market/simulator/seeded-random';
import { onMinuteGrid } from './backtest-ml';
import type { BacktestJob } from './backtest-protocol';
import type { BacktestHistory } from './backtest-sessions';
import { runJob } from './backtest-worker-host';
import type { BacktestResult } from './run-backtest';
import { memoryLedger } from './test-support/memory-ledger';

const MINUTE = 60_000;
const SYMBOLS = ['INFY', 'SBIN', 'TCS', 'WIPRO'];
const SECTORS: Record<string, string> = { INFY: 'IT', TCS: 'IT', WIPRO: 'IT', SBIN: 'Banking' };
/** Four stored sessions: three before the range, the last one replayed. */
const DATES = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08'];
const MINUTES = 120;

/** Two hours of random-walk one-minute bars per symbol and session, as an imported CSV stores them. */
function storedBars(): HistoricalBar[] {
  const random = new SeededRandom(5);
  const bars: HistoricalBar[] = [];
  for (const symbol of SYMBOLS) {
    let price = 1_000_00;
    for (const date of DATES) {
      const open = Date.parse(`${date}T09:15:00+05:30`);
      for (let minute = 0; minute < MINUTES; minute++) {
        const close = Math.max(1_00, Math.round(price * Math.exp(0.002 * random.normal())));
        bars.push({
          symbol,
          interval: '1minute',
          startMs: open + minute * MINUTE,
          ...{ open: price, high: Math.max(price, close), low: Math.min(price, close), close },
          volume: 5_000,
          source: 'csv',
        });
        price = close;
      }
    }
  }
  return bars;
}

const candles = new SqlHistoricalCandlesRepository(openDatabase(':memory:'));
candles.save(storedBars());

/** The generated history only names the market's symbols and sectors: the bars are the stored ones. */
const catalogue: BacktestHistory = {
  sessionDates: [],
  symbols: SYMBOLS,
  minutesPerSession: 375,
  sessionBars: () => new Map(),
  sectorOf: (symbol) => SECTORS[symbol],
};

async function storedRun(job: Omit<BacktestJob, 'data'>): Promise<BacktestResult> {
  const outcome = await runJob(
    { history: catalogue, openLedger: memoryLedger, storedCandles: () => candles },
    { ...job, data: 'stored' },
    () => {},
    new AbortController().signal,
  );
  if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
  return outcome.result;
}

const LAST = { from: DATES.at(-1)!, to: DATES.at(-1)!, symbols: [] };

describe('a backtest with ML over stored candles', () => {
  it('predicts through the range at full say, with no news to read', async () => {
    const result = await storedRun({ range: LAST, settings: { signals: 'ml_full', news: true } });
    expect(result.ml).toMatchObject({ signals: 'ml_full', say: 1, news: false, headlines: 0 });
    expect(result.ml!.tally.predictions).toBeGreaterThan(0);
    expect(result.ml!.tally.models.find((model) => model.name === 'news_sentiment')!.views).toBe(0);
  });

  it('trains on the stored sessions before the range, as over the generated history', async () => {
    const result = await storedRun({ range: LAST, settings: { signals: 'ml' } });
    expect(result.ml!.trainedSessions).toBe(DATES.length - 1);
    expect(result.ml!.before).not.toBeNull();
    expect(result.ml!.sayReason).not.toMatch(/^No sessions before the range/);
  });
});

describe('a stored session on the walk-forward’s minute grid', () => {
  const bar = (symbol: string, minute: number, close: number): Candle => ({
    symbol,
    interval: '1m',
    openTime: Date.parse('2026-01-05T09:15:00+05:30') + minute * MINUTE,
    ...{ open: close, high: close, low: close, close },
    volume: 100,
    source: 'upstox',
  });

  it('fills a missing minute with a flat bar at the last close, so the same index is the same minute', () => {
    const grid = onMinuteGrid(
      new Map([
        ['INFY', [bar('INFY', 0, 100), bar('INFY', 1, 101), bar('INFY', 3, 103)]],
        ['TCS', [bar('TCS', 0, 200), bar('TCS', 1, 201), bar('TCS', 2, 202), bar('TCS', 3, 203)]],
      ]),
    );
    const infy = grid.get('INFY')!;
    expect(infy.map((b) => b.openTime)).toEqual(grid.get('TCS')!.map((b) => b.openTime));
    expect(infy[2]).toMatchObject({ open: 101, high: 101, low: 101, close: 101, volume: 0 });
    expect(infy[3]!.close).toBe(103);
  });

  it('leaves out a stock with bars in fewer than half the minutes', () => {
    const tcs = [0, 1, 2, 3, 4, 5].map((minute) => bar('TCS', minute, 200 + minute));
    const grid = onMinuteGrid(
      new Map([
        ['TCS', tcs],
        ['THIN', [bar('THIN', 5, 50)]],
      ]),
    );
    expect([...grid.keys()]).toEqual(['TCS']);
  });
});
