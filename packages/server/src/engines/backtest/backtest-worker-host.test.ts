import { SqlHistoricalCandlesRepository } from '../../storage/sql/historical-candles-repository';
import { openDatabase } from '../../storage/sqlite/database';
import type { BacktestMessage } from './backtest-protocol';
import type { BacktestHistory } from './backtest-sessions';
import { BacktestHost } from './backtest-worker-host';
import { memoryLedger } from './test-support/memory-ledger';

const MINUTE = 60_000;
const open = Date.parse('2026-01-05T09:15:00+05:30');

const emptyGenerated: BacktestHistory = {
  sessionDates: [],
  symbols: ['INFY'],
  minutesPerSession: 375,
  sessionBars: () => new Map(),
};

describe('the backtest thread', () => {
  it('gives up its stored-candles connection once no run is left reading it', async () => {
    const candles = new SqlHistoricalCandlesRepository(openDatabase(':memory:'));
    candles.save(
      Array.from({ length: 20 }, (_, minute) => ({
        symbol: 'INFY',
        interval: '1minute' as const,
        startMs: open + minute * MINUTE,
        ...{ open: 1_000_00, high: 1_000_50, low: 999_50, close: 1_000_00 },
        volume: 1_000,
        source: 'csv' as const,
      })),
    );
    const release = jest.fn();
    const ended = new Promise<BacktestMessage>((resolve) => {
      const host = new BacktestHost(
        {
          history: emptyGenerated,
          openLedger: memoryLedger,
          storedCandles: () => candles,
          releaseStoredCandles: release,
        },
        (message) => {
          if (message.type !== 'progress') resolve(message);
        },
      );
      host.handle({
        type: 'run',
        id: '1',
        job: {
          data: 'stored',
          range: { from: '2026-01-05', to: '2026-01-05', symbols: [] },
          settings: {
            capitalPaise: 10_00_000_00,
            allocation: 'moderate',
            product: 'I',
            brokeragePlan: 'flat',
          },
        },
      });
    });
    expect((await ended).type).toBe('done');
    // The `finally` after the answer runs on the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(release).toHaveBeenCalledTimes(1);
  });
});
