import { parentPort, workerData } from 'node:worker_threads';
import { BacktestHost, type BacktestRequest, generatedHistory } from '../engines/backtest';
import { MarketClock } from '../engines/market/calendar/market-clock';
import { allInstruments } from '../engines/market/instruments';
import { simulatedHistory } from '../engines/market/simulated-market';
import { PgDatabase } from '../storage/postgres/pg-database';
import { SqlHistoricalCandlesRepository } from '../storage/sql/historical-candles-repository';
import { sqlLedgerStorage } from '../storage/sql/ledger-storage';
import type { SqlDatabase } from '../storage/sql/sql-database';
import { openDatabase, openReadOnlyDatabase } from '../storage/sqlite/database';
import { candlesConnectionOptions } from './backtest-candles-connection';
import type { BacktestWorkerData } from './backtest-worker';
import { lowerThisThreadsPriority } from './thread-priority';

// The backtest worker (backtest-worker.ts starts it): the generated history rebuilt from the same
// seed and dates, each run on a fresh in-memory ledger, only messages sent back. Stored candles are
// read through a connection of the worker's own, opened by a run over them and closed 30 s after the last.
const port = parentPort;
if (!port) throw new Error('backtest-worker-entry runs as a worker thread.');
lowerThisThreadsPriority();
const data = workerData as BacktestWorkerData;
const clock = new MarketClock({ continuousSession: data.continuousSession });
const instruments = allInstruments();
const history = generatedHistory({
  history: simulatedHistory({ instruments, clock, seed: data.seed, dates: data.dates }),
  instruments,
});
/** A sweep's runs follow one another: the connection outlives a run by this long, not the thread's life. */
const CANDLES_IDLE_MS = 30_000;
let candlesDb: ClosableDatabase | null = null;
let candles: SqlHistoricalCandlesRepository | null = null;
let idleTimer: NodeJS.Timeout | null = null;
const storedCandles = data.candles
  ? () => {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      candlesDb ??= openCandlesDatabase(data.candles!);
      candles ??= new SqlHistoricalCandlesRepository(candlesDb);
      return candles;
    }
  : undefined;
const host = new BacktestHost(
  {
    history,
    storedCandles,
    releaseStoredCandles: () => {
      if (!candlesDb) return;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(closeCandles, CANDLES_IDLE_MS).unref();
    },
    riskFreeRatePercent: data.riskFreeRatePercent,
    openLedger: () => {
      const db = openDatabase(':memory:');
      return { storage: sqlLedgerStorage(db), close: () => db.close() };
    },
  },
  (message) => port.postMessage(message),
);
port.on('message', (request: BacktestRequest) => host.handle(request));
port.once('close', closeCandles);
process.once('exit', closeCandles);

type ClosableDatabase = SqlDatabase & { close(): void };

function openCandlesDatabase(location: NonNullable<BacktestWorkerData['candles']>): ClosableDatabase {
  if ('file' in location) return openReadOnlyDatabase(location.file);
  return new PgDatabase(location.url, candlesConnectionOptions(location.schema));
}

/** The candles connection is held while runs read it (and a little after), and goes with the worker. */
function closeCandles(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  candlesDb?.close();
  candlesDb = null;
  candles = null;
}
