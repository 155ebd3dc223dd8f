// Measures the fresh mock start's history replay, sized as the loop sizes it:
// `node --import tsx scripts/measure-replay.ts [strategy]
//   [--seed N] [--sessions N] [--exit cover=1.5,cut=1,hold=120,end=920] [--no-edge]` (no-edge: without the
// expected-move gate; seed: SIMULATOR_SEED, another
// generated history; sessions: SIMULATOR_HISTORY_SESSIONS;
// exit: the exit rules of strategy/exits.ts, hold in minutes, end in IST minutes, 1440 = never).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AllocationStrategy } from '../packages/server/src/engines/strategy/allocation/loop-allocation';
import { replayFigures } from '../packages/server/src/engines/strategy/allocation/replay-figures';
import { SignalEdgeBook } from '../packages/server/src/engines/strategy/allocation/signal-edge';
import { EXIT_RULES } from '../packages/server/src/engines/strategy/exits';
import { replayHistoryIntoEmptyLedger } from '../packages/server/src/engines/strategy/replay/history-replay';
import { loadConfig } from '../packages/server/src/runtime/config';
import { createLogger } from '../packages/server/src/runtime/logger';
import { createRuntime } from '../packages/server/src/runtime/runtime';
import { sqlLedgerStorage } from '../packages/server/src/storage/sql/ledger-storage';
import { TEST_EPOCH } from '../packages/server/src/test-support/test-clock';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string' },
    sessions: { type: 'string' },
    exit: { type: 'string' },
    'no-edge': { type: 'boolean' },
  },
});
const exitOverrides = Object.fromEntries(
  (flags.exit ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);
// The history replay takes the live loop's exit rules, so a trial setting goes into them here,
// in this measuring process only.
if (exitOverrides.cover) EXIT_RULES.chargesCoverMultiple = Number(exitOverrides.cover);
if (exitOverrides.cut) EXIT_RULES.signalLossCutPercent = Number(exitOverrides.cut);
if (exitOverrides.hold) EXIT_RULES.signalMaxHoldMs = Number(exitOverrides.hold) * 60_000;
if (exitOverrides.end) EXIT_RULES.sessionEndIstMinutes = Number(exitOverrides.end);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-replay-figures-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SIMULATOR_TICKS_PER_SECOND: '0',
  ...(flags.seed ? { SIMULATOR_SEED: flags.seed } : {}),
  ...(flags.sessions ? { SIMULATOR_HISTORY_SESSIONS: flags.sessions } : {}),
});
const logger = createLogger('silent');
const runtime = createRuntime(config, logger, {
  databaseFile: ':memory:',
  // A fixed start, so the generated history (and so the figures) is the same on every run.
  now: () => TEST_EPOCH,
});
const { services } = runtime;
const started = Date.now();
const edgeBook = new SignalEdgeBook(EXIT_RULES.signalMaxHoldMs);
const strategy = positionals[0] as AllocationStrategy | undefined;
const summary = await replayHistoryIntoEmptyLedger(
  sqlLedgerStorage(services.db),
  services.ledger,
  services.market,
  logger,
  {
    allocation: () => ({ ...services.allocation.loopSettings(), ...(strategy ? { strategy } : {}) }),
    chargeRates: () => services.trading.limits(),
    signalEdge: edgeBook,
    gateOnSignalEdge: !flags['no-edge'],
  },
);
const figures = replayFigures(services.ledger.fills());
const exitsBy = services.db
  .prepare(
    `SELECT strategy, COUNT(*) AS n FROM orders WHERE side = 'SELL' AND status = 'FILLED' GROUP BY strategy`,
  )
  .all() as { strategy: string; n: number }[];
const rupees = (paise: number | null) =>
  paise === null ? 'n/a' : `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;
console.log(
  JSON.stringify(
    {
      strategy: strategy ?? services.allocation.stored().allocation_strategy,
      seed: config.market.seed,
      exitRules: { ...EXIT_RULES, signalMaxHoldMinutes: EXIT_RULES.signalMaxHoldMs / 60_000 },
      sessions: summary?.sessions,
      orders: figures.orders,
      rejected: summary?.rejected,
      turnover: rupees(figures.turnoverPaise),
      charges: rupees(figures.chargesPaise),
      chargesPercentOfTurnover: figures.chargesPercentOfTurnover?.toFixed(3),
      medianOrder: rupees(figures.medianOrderPaise),
      closedTrips: figures.closedTrips,
      winningTrips: figures.winningTrips,
      winRatePercent: figures.winRatePercent?.toFixed(1),
      grossPnlBeforeCharges: rupees(figures.grossPnlPaise),
      netPnlAfterCharges: rupees(figures.netPnlPaise),
      tripPnlStdev: rupees(figures.tripPnlStdevPaise),
      worstTrip: rupees(figures.worstTripPaise),
      maxDrawdownOfClosedTrips: rupees(figures.maxDrawdownPaise),
      averageHoldMinutes: figures.averageHoldMinutes?.toFixed(0),
      medianHoldMinutes: figures.medianHoldMinutes?.toFixed(0),
      exitsByStrategy: Object.fromEntries(exitsBy.map((row) => [row.strategy, row.n])),
      finalEquity: rupees(summary?.finalEquityPaise ?? null),
      expectedMoveByStrength: edgeBook
        .table()
        .map((row) => `${row.strength}: ${row.percent?.toFixed(4) ?? 'n/a'} % over ${row.samples}`),
      seconds: (Date.now() - started) / 1000,
    },
    null,
    2,
  ),
);
await runtime.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
