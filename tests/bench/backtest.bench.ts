import {
  generatedHistory,
  runBacktest,
  selectBacktestSessions,
  sessionsOfBars,
} from '../../packages/server/src/engines/backtest';
import { MarketClock } from '../../packages/server/src/engines/market/calendar';
import { allInstruments } from '../../packages/server/src/engines/market/instruments/instrument-catalog';
import type { Candle } from '../../packages/server/src/engines/market/market-types';
import { createSimulatedMarket } from '../../packages/server/src/engines/market/simulated-market';
import { sqlLedgerStorage } from '../../packages/server/src/storage/sql/ledger-storage';
import { openDatabase } from '../../packages/server/src/storage/sqlite/database';
import { backtestUnderApi } from './backtest-api-load';
import { backtestWithMl } from './backtest-ml';
import { metric } from './metric';

const SESSIONS = 60;
/** Sessions generated before the timed runs, so bars/s times the strategy and broker alone. */
const TIMED_SESSIONS = 5;
const ROUNDS = 3;

const openLedger = () => {
  const db = openDatabase(':memory:');
  return { storage: sqlLedgerStorage(db), close: () => db.close() };
};

/** Reads every bar of every session minute by minute, as the replay groups them, and nothing more. */
function bareRead(sessions: Map<string, Candle[]>[]): number {
  let bars = 0;
  let sum = 0;
  for (const barsBySymbol of sessions) {
    const byMinute = new Map<number, Candle[]>();
    for (const series of barsBySymbol.values()) {
      for (const bar of series) {
        const minute = byMinute.get(bar.openTime) ?? [];
        minute.push(bar);
        byMinute.set(bar.openTime, minute);
      }
    }
    for (const minute of [...byMinute.keys()].sort((a, b) => a - b)) {
      for (const bar of byMinute.get(minute)!) {
        sum += bar.close;
        bars += 1;
      }
    }
  }
  if (sum < 0) throw new Error('unreachable');
  return bars;
}

export async function run(): Promise<void> {
  const clock = new MarketClock();
  const built = performance.now();
  const market = createSimulatedMarket({
    instruments: allInstruments(),
    clock,
    seed: 42,
    ticksPerSecond: 1,
    historySessions: SESSIONS,
  });
  const history = generatedHistory({ history: market.history, instruments: allInstruments() });
  metric('history of 60 sessions generated (daily bars)', (performance.now() - built) / 1000, 's', 2);
  const dates = history.sessionDates;

  const timed = dates
    .slice(0, TIMED_SESSIONS)
    .map((date) => ({ date, barsBySymbol: history.sessionBars(date) }));
  const bars = timed.reduce(
    (sum, s) => sum + [...s.barsBySymbol.values()].reduce((n, b) => n + b.length, 0),
    0,
  );
  let backtestBest = 0;
  let backtestCpuBest = 0;
  let orders = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const outcome = await runBacktest({ sessions: sessionsOfBars(timed), openLedger, sliceMs: 1_000 });
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    if (outcome.status !== 'complete') throw new Error('backtest cancelled');
    orders = outcome.result.orders.length;
    backtestBest = Math.max(backtestBest, bars / seconds);
    backtestCpuBest = Math.max(backtestCpuBest, bars / ((used.user + used.system) / 1e6));
  }
  let bareBest = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const read = bareRead(timed.map((s) => s.barsBySymbol));
    bareBest = Math.max(bareBest, read / ((performance.now() - start) / 1000));
  }
  metric(
    `backtest (${TIMED_SESSIONS} sessions × ${history.symbols.length} symbols, ${orders} orders)`,
    backtestBest,
    'bars/s',
    0,
  );
  // On a shared machine the wall clock counts other processes' turns; the CPU time is this run's own.
  metric('backtest per CPU second (this process only)', backtestCpuBest, 'bars/s', 0);
  metric('bare read of the same bars', bareBest, 'bars/s', 0);
  metric('bare read / backtest', bareBest / backtestBest, 'x', 1);

  const start = performance.now();
  const outcome = await runBacktest({
    sessions: selectBacktestSessions(history, { from: dates[0]!, to: dates.at(-1)!, symbols: [] }),
    openLedger,
    sliceMs: 1_000,
  });
  if (outcome.status !== 'complete') throw new Error('backtest cancelled');
  metric(
    `${dates.length}-session × ${history.symbols.length}-symbol backtest, bars generated as it goes (${outcome.result.bars} bars, ${outcome.result.orders.length} orders)`,
    (performance.now() - start) / 1000,
    's',
    2,
  );

  await backtestWithMl();

  if (!process.env.BENCH_SKIP_API) {
    const met = await backtestUnderApi();
    console.log(`goal: /api/health p99 ≤ 10 ms while a backtest runs (${met ? 'met' : 'missed'})`);
  }
}
