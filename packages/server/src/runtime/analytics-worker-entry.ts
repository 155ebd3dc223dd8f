import { parentPort, workerData } from 'node:worker_threads';
import { RebuildHost } from '../engines/analytics/rebuild-host';
import type { RebuildReply, RebuildRequest } from '../engines/analytics/rebuild-protocol';
import { MarketClock } from '../engines/market/calendar/market-clock';
import { SqlLedgerReadRepository } from '../storage/sql/ledger-read-repository';
import { SqlOrdersRepository } from '../storage/sql/orders-repository';
import { openReadOnlyDatabase } from '../storage/sqlite/database';
import { lowerThisThreadsPriority } from './thread-priority';

// The analytics rebuild worker (analytics-worker.ts starts it): the ledger read through a read-only
// connection of its own, the history built and answered here, only JSON text sent back.
const port = parentPort;
if (!port) throw new Error('analytics-worker-entry runs as a worker thread.');
lowerThisThreadsPriority();
const db = openReadOnlyDatabase((workerData as { file: string }).file);
// The market engine's calendar (NSE's holiday list): its warnings are the main thread's to log.
const clock = new MarketClock();
const host = new RebuildHost({
  ledger: new SqlLedgerReadRepository(db),
  orders: new SqlOrdersRepository(db),
  isTradingDay: (date) => clock.isTradingDay(date),
});
port.on('message', (request: RebuildRequest & { id: number }) => {
  let reply: RebuildReply;
  try {
    reply = { id: request.id, ok: true, value: host.handle(request) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
