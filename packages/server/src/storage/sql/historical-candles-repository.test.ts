import type { HistoricalBar } from '../../core/ports/repositories/historical-candles';
import { databases } from '../../test-support/databases';
import { SqlHistoricalCandlesRepository } from './historical-candles-repository';
import { sqlUnitOfWork } from './unit-of-work';

// 2026-01-05 09:15 IST
const OPEN = Date.UTC(2026, 0, 5, 3, 45);
const MINUTE = 60_000;

function bar(
  symbol: string,
  startMs: number,
  close = 150_000,
  interval: HistoricalBar['interval'] = '1minute',
) {
  return {
    symbol,
    interval,
    startMs,
    open: 150_000,
    high: Math.max(close, 150_500),
    low: Math.min(close, 149_500),
    close,
    volume: 12_000,
    source: 'csv',
  } satisfies HistoricalBar;
}

describe.each(databases)('SqlHistoricalCandlesRepository on $name', (database) => {
  it('reads back the bars of the asked symbols and range, by symbol then time', () => {
    const candles = new SqlHistoricalCandlesRepository(database.open());
    candles.save([
      bar('TCS', OPEN + MINUTE),
      bar('M&M', OPEN),
      bar('TCS', OPEN),
      bar('MARUTI', OPEN),
      bar('INFY', OPEN),
      bar('TCS', OPEN + 2 * MINUTE),
    ]);
    const read = candles.bars({
      symbols: ['TCS', 'M&M', 'MARUTI'],
      interval: '1minute',
      fromMs: OPEN,
      toMs: OPEN + MINUTE,
    });
    expect(read.map((b) => `${b.symbol}@${(b.startMs - OPEN) / MINUTE}`)).toEqual([
      'M&M@0',
      'MARUTI@0',
      'TCS@0',
      'TCS@1',
    ]);
    expect(read[0]).toEqual(bar('M&M', OPEN));
    expect(candles.bars({ symbols: ['TCS'], interval: 'day', fromMs: 0, toMs: OPEN * 2 })).toEqual([]);
    expect(candles.bars({ symbols: [], interval: '1minute', fromMs: 0, toMs: OPEN * 2 })).toEqual([]);
  });

  it('counts one-minute bars per symbol and IST date, daily bars and other symbols left out', () => {
    const candles = new SqlHistoricalCandlesRepository(database.open());
    const nextDay = OPEN + 86_400_000;
    // 15:29 IST is 09:59 UTC: still the same IST date.
    const lastMinute = OPEN + 374 * MINUTE;
    candles.save([
      bar('TCS', OPEN),
      bar('TCS', lastMinute),
      bar('INFY', OPEN),
      bar('TCS', nextDay),
      bar('TCS', OPEN - 9 * 3_600_000, 150_000, 'day'),
      bar('WIPRO', OPEN),
    ]);
    expect(candles.minuteBarsPerDate({ symbols: ['TCS', 'INFY'], fromMs: 0, toMs: nextDay })).toEqual([
      { symbol: 'INFY', date: '2026-01-05', count: 1 },
      { symbol: 'TCS', date: '2026-01-05', count: 2 },
      { symbol: 'TCS', date: '2026-01-06', count: 1 },
    ]);
    expect(candles.minuteBarsPerDate({ symbols: ['TCS'], fromMs: OPEN + 1, toMs: lastMinute })).toEqual([
      { symbol: 'TCS', date: '2026-01-05', count: 1 },
    ]);
    expect(candles.minuteBarsPerDate({ symbols: [], fromMs: 0, toMs: nextDay })).toEqual([]);
  });

  it('replaces a bar saved again for the same symbol, interval and start', () => {
    const candles = new SqlHistoricalCandlesRepository(database.open());
    candles.save([bar('INFY', OPEN, 150_000)]);
    candles.save([{ ...bar('INFY', OPEN, 151_000), source: 'upstox' }]);
    expect(candles.bars({ symbols: ['INFY'], interval: '1minute', fromMs: OPEN, toMs: OPEN })).toEqual([
      { ...bar('INFY', OPEN, 151_000), source: 'upstox' },
    ]);
  });

  it('stores a large file whole, in statements of many bars, the last of a repeated bar winning', () => {
    const candles = new SqlHistoricalCandlesRepository(database.open());
    // 1,026 bars: two statements of 500, one of 25 and one single bar; then the first bar again.
    const many = Array.from({ length: 1_026 }, (_, i) => bar('TCS', OPEN + i * MINUTE, 150_000 + i));
    candles.save([...many, bar('TCS', OPEN, 149_000)]);
    const stored = candles.bars({
      symbols: ['TCS'],
      interval: '1minute',
      fromMs: OPEN,
      toMs: OPEN + 2_000 * MINUTE,
    });
    expect(stored).toHaveLength(1_026);
    expect(stored[0]).toEqual(bar('TCS', OPEN, 149_000));
    expect(stored.at(-1)).toEqual(many.at(-1));
  });

  it('summarises the coverage per symbol and interval', () => {
    const candles = new SqlHistoricalCandlesRepository(database.open());
    candles.save([
      bar('TCS', OPEN),
      bar('TCS', OPEN + 5 * MINUTE),
      bar('TCS', OPEN - 3 * 3_600_000, 150_000, 'day'),
    ]);
    candles.save([bar('INFY', OPEN + MINUTE)]);
    expect(candles.coverage()).toEqual([
      { symbol: 'INFY', interval: '1minute', firstMs: OPEN + MINUTE, lastMs: OPEN + MINUTE, count: 1 },
      { symbol: 'TCS', interval: '1minute', firstMs: OPEN, lastMs: OPEN + 5 * MINUTE, count: 2 },
      {
        symbol: 'TCS',
        interval: 'day',
        firstMs: OPEN - 3 * 3_600_000,
        lastMs: OPEN - 3 * 3_600_000,
        count: 1,
      },
    ]);
  });

  it('finds the first and last bar of each asked symbol at one interval, skipping symbols without any', () => {
    const candles = new SqlHistoricalCandlesRepository(database.open());
    candles.save([
      bar('TCS', OPEN),
      bar('TCS', OPEN + 5 * MINUTE),
      bar('TCS', OPEN - 3 * 3_600_000, 150_000, 'day'),
      bar('INFY', OPEN + MINUTE),
    ]);
    expect(candles.spans(['TCS', 'WIPRO', 'INFY', 'TCS'], '1minute')).toEqual([
      { symbol: 'INFY', interval: '1minute', firstMs: OPEN + MINUTE, lastMs: OPEN + MINUTE },
      { symbol: 'TCS', interval: '1minute', firstMs: OPEN, lastMs: OPEN + 5 * MINUTE },
    ]);
    expect(candles.spans(['TCS', 'INFY'], 'day')).toEqual([
      { symbol: 'TCS', interval: 'day', firstMs: OPEN - 3 * 3_600_000, lastMs: OPEN - 3 * 3_600_000 },
    ]);
  });

  it('keeps nothing of a unit of work that fails part-way', () => {
    const db = database.open();
    const candles = new SqlHistoricalCandlesRepository(db);
    expect(() =>
      sqlUnitOfWork(db).run(() => {
        candles.save([bar('TCS', OPEN)]);
        throw new Error('line 3: high is below low');
      }),
    ).toThrow('line 3');
    expect(candles.coverage()).toEqual([]);
  });
});
