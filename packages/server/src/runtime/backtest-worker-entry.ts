import { parentPort, workerData } from 'node:worker_threads';
import { BacktestHost, type BacktestRequest, generatedHistory } from '../engines/backtest';
import { MarketClock } from '../engines/market/calendar/market-clock';
import { allInstruments } from '../engines/market/instruments';
import { simulatedHistory } from '../engines/market/simulated-market';
import { sqlLedgerStorage } from '../storage/sql/ledger-storage';
import { openDatabase } from '../storage/sqlite/database';
import type { BacktestWorkerData } from './backtest-worker';
import { lowerThisThreadsPriority } from './thread-priority';

// The backtest worker (backtest-worker.ts starts it): the generated history rebuilt from the same
// seed and dates, each run on a fresh in-memory ledger, only messages sent back.
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
const host = new BacktestHost(
  {
    history,
    riskFreeRatePercent: data.riskFreeRatePercent,
    openLedger: () => {
      const db = openDatabase(':memory:');
      return { storage: sqlLedgerStorage(db), close: () => db.close() };
    },
  },
  (message) => port.postMessage(message),
);
port.on('message', (request: BacktestRequest) => host.handle(request));
