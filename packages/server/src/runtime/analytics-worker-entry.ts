import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { RebuildHost } from '../engines/analytics/rebuild-host';
import type { RebuildReply, RebuildRequest } from '../engines/analytics/rebuild-protocol';
import { MarketClock } from '../engines/market/calendar/market-clock';
import { SqlLedgerReadRepository } from '../storage/sql/ledger-read-repository';
import { SqlOrdersRepository } from '../storage/sql/orders-repository';
import { openReadOnlyDatabase } from '../storage/sqlite/database';

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

/**
 * A rebuild is background work: on Linux a thread has a nice value of its own, so this one yields
 * the cores to the event loop (requests, ticks, orders) whenever both want one. Elsewhere, as is.
 */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, 10);
  } catch {
    // No /proc (macOS, Windows) or not permitted: the worker runs at the process's priority.
  }
}
