import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OrderRequest, PAPER_STARTING_BALANCE_PAISE } from '../../../core/orders';
import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { type Db, openDatabase } from '../../../storage/sqlite/database';
import { sqliteGroupCommit } from '../../../storage/sqlite/group-commit';
import { Ledger } from '../ledger';
import { type LogSync, OrderDesk, UnconfirmedWriteError } from './order-desk';

const request: OrderRequest = {
  account: 'paper',
  symbol: 'TCS',
  side: 'BUY',
  type: 'LIMIT',
  limitPrice: 100,
  quantity: 1,
  strategy: 'manual',
};

/** A log flush the test finishes by hand, to see what is acknowledged before and after it. */
function manualSync() {
  const pending: ((error: Error | null) => void)[] = [];
  const sync: LogSync = {
    flush: (done) => {
      pending.push(done);
    },
    close: () => {},
  };
  return { sync, pending, finish: (error: Error | null = null) => pending.shift()!(error) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function paperLedger(db: Db): Ledger {
  const ledger = new Ledger(sqlLedgerStorage(db));
  ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
  return ledger;
}

const storedOrders = (ledger: Ledger) => ledger.orders({ account: 'paper', limit: 100, offset: 0 }).total;

/** A desk over an in-memory paper ledger whose log flushes the test finishes by hand. */
function deskWithManualSync(close: () => void = () => {}) {
  const db = openDatabase(':memory:');
  const ledger = paperLedger(db);
  const log = manualSync();
  const desk = new OrderDesk(sqliteGroupCommit(db), (order) => ledger.placeOrder(order, 'PENDING'), {
    sync: { flush: log.sync.flush, close },
  });
  return { db, ledger, log, desk };
}

describe('OrderDesk group commit', () => {
  it('commits a burst together and acknowledges each order with its own outcome', async () => {
    const db = openDatabase(':memory:');
    const ledger = paperLedger(db);
    const desk = new OrderDesk(sqliteGroupCommit(db), (order) => {
      if (order.quantity > 100) throw new Error('too many');
      return ledger.placeOrder(order, 'PENDING');
    });
    const results = await Promise.allSettled([
      desk.submit({ ...request, quantity: 1 }),
      desk.submit({ ...request, quantity: 1000 }),
      desk.submit({ ...request, quantity: 2 }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The failed order's savepoint rolled back alone; the other two are stored.
    expect(storedOrders(ledger)).toBe(2);
    db.close();
  });

  it("undoes everything a failed order wrote, when the ledger's writes rely on the desk's savepoint", async () => {
    const db = openDatabase(':memory:');
    const ledger = paperLedger(db);
    const desk = new OrderDesk(sqliteGroupCommit(db), (order) =>
      ledger.insideCallersSavepoint(() => {
        const placed = ledger.placeOrder(order, 'PENDING');
        if (order.quantity > 100) throw new Error('failed after writing');
        return placed;
      }),
    );
    const results = await Promise.allSettled([
      desk.submit({ ...request, quantity: 1 }),
      desk.submit({ ...request, quantity: 1000 }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect(storedOrders(ledger)).toBe(1);
    db.close();
  });

  it('acknowledges no order until the log holding it is flushed, and commits what arrived meanwhile as one batch', async () => {
    const db = openDatabase(':memory:');
    const ledger = paperLedger(db);
    const log = manualSync();
    const batches: number[] = [];
    let current = 0;
    const desk = new OrderDesk(
      sqliteGroupCommit(db),
      (order) => {
        current++;
        return ledger.placeOrder(order, 'PENDING');
      },
      {
        sync: {
          flush: (done) => {
            batches.push(current);
            current = 0;
            log.sync.flush(done);
          },
          close: () => {},
        },
      },
    );
    const acknowledged: string[] = [];
    const first = desk.submit(request).then((order) => acknowledged.push(order.id));
    await tick();
    // Committed (other readers see it), but the flush is still under way: no acknowledgement.
    expect(storedOrders(ledger)).toBe(1);
    expect(log.pending).toHaveLength(1);
    expect(acknowledged).toHaveLength(0);

    // Three more arrive over several turns while the log is flushed; they wait for that flush.
    const later = [desk.submit(request), desk.submit(request)].map((p) =>
      p.then((order) => acknowledged.push(order.id)),
    );
    await tick();
    later.push(desk.submit(request).then((order) => acknowledged.push(order.id)));
    await tick();
    expect(storedOrders(ledger)).toBe(1);

    log.finish();
    await first;
    expect(acknowledged).toHaveLength(1);
    await tick();
    // Then they commit together, under one more flush.
    expect(storedOrders(ledger)).toBe(4);
    expect(log.pending).toHaveLength(1);
    expect(acknowledged).toHaveLength(1);

    log.finish();
    await Promise.all(later);
    expect(acknowledged).toHaveLength(4);
    expect(batches).toEqual([1, 3]);
    db.close();
  });

  it('refuses to acknowledge orders the disk did not confirm, with a sentence saying they may be recorded', async () => {
    const { db, log, desk } = deskWithManualSync();
    const placed = desk.submit(request);
    await tick();
    log.finish(new Error('EIO: i/o error, fdatasync'));
    await expect(placed).rejects.toBeInstanceOf(UnconfirmedWriteError);
    await expect(placed).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringContaining('check the order list before placing it again'),
    });
    db.close();
  });

  it('refuses an order that reaches a closed database, without taking the process down', async () => {
    const { db, desk } = deskWithManualSync();
    desk.close();
    db.close();
    await expect(desk.submit(request)).rejects.toThrow(/not open/);
  });

  it('lets go of the log only after the flush under way has ended', async () => {
    let closes = 0;
    const { db, log, desk } = deskWithManualSync(() => closes++);
    const placed = desk.submit(request);
    await tick();
    desk.close();
    expect(closes).toBe(0);
    log.finish();
    await placed;
    expect(closes).toBe(1);
    db.close();
  });

  it('commits every batch at synchronous=NORMAL, the first included, and is back at FULL after each', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-desk-'));
    const db = openDatabase(path.join(dir, 'trading.db'));
    try {
      const ledger = paperLedger(db);
      const during: unknown[] = [];
      const desk = new OrderDesk(sqliteGroupCommit(db), (order) => {
        during.push(db.pragma('synchronous', { simple: true }));
        return ledger.placeOrder(order, 'PENDING');
      });
      for (let batch = 0; batch < 3; batch++) {
        await desk.submit(request);
        expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL between batches
      }
      expect(during).toEqual([1, 1, 1]); // NORMAL inside each
      desk.close();
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves the connection at synchronous=FULL for every other write, and flushes the real log of a file database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-desk-'));
    const db = openDatabase(path.join(dir, 'trading.db'));
    try {
      const ledger = paperLedger(db);
      const desk = new OrderDesk(sqliteGroupCommit(db), (order) => ledger.placeOrder(order, 'PENDING'));
      const orders = await Promise.all([desk.submit(request), desk.submit(request)]);
      expect(orders.map((order) => order.status)).toEqual(['PENDING', 'PENDING']);
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      // The desk held the log open to flush it, and lets go of it when closed.
      const walHandles = () =>
        fs.readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`) === path.join(dir, 'trading.db-wal');
          } catch {
            return false;
          }
        }).length;
      const before = walHandles();
      desk.close();
      expect(walHandles()).toBe(before - 1);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('idle() waits until every submitted order is committed and its log flushed (the restart drain)', async () => {
    const { db, ledger, log, desk } = deskWithManualSync();
    await desk.idle(); // nothing waiting: at once
    const placed = [desk.submit(request), desk.submit(request)];
    let idle = false;
    const drained = desk.idle().then(() => {
      idle = true;
    });
    await tick();
    expect(storedOrders(ledger)).toBe(2);
    expect(idle).toBe(false); // committed, not yet on disk
    log.finish();
    await drained;
    expect(idle).toBe(true);
    await expect(Promise.all(placed)).resolves.toHaveLength(2);
    db.close();
  });
});
