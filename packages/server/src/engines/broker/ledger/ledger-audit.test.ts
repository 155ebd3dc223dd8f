import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { SqlOrderAuditRepository } from '../../../storage/sql/order-audit-repository';
import { openDatabase } from '../../../storage/sqlite/database';
import { createTestClock } from '../../../test-support/test-clock';
import { Ledger } from './ledger';
import { chargesOf, marketOrder } from './test-support/ledger-fixture';

const db = openDatabase(':memory:');
afterAll(() => db.close());
const clock = createTestClock();
const audit = new SqlOrderAuditRepository(db);
const everything = () => audit.between(0, Number.MAX_SAFE_INTEGER);

describe('the ledger and the audit trail', () => {
  const ledger = new Ledger(sqlLedgerStorage(db), clock.now);
  ledger.openAccount('paper', 100_000_000);

  it('appends a row for each order it writes, with the decision the request carried', () => {
    const { order } = ledger.placeFilledOrder(
      { ...marketOrder('BUY', 'INFY', 3), decision: { origin: 'manual', actor: 'trader@example.com' } },
      { quantity: 3, pricePaise: 150_000, charges: chargesOf(2_000), ts: clock.now() },
    );
    const refused = ledger.placeOrder(marketOrder('SELL', 'TCS', 1), 'REJECTED', 'Cannot sell 1 TCS.');
    expect(everything()).toEqual([
      expect.objectContaining({
        orderId: order.id,
        origin: 'manual',
        actor: 'trader@example.com',
        pricePaise: 150_000,
      }),
      // Without a decision the strategy names the origin, and the broker refused it.
      expect.objectContaining({
        orderId: refused.id,
        origin: 'manual',
        decidedBy: 'broker',
        detail: 'Cannot sell 1 TCS.',
      }),
    ]);
  });

  it('writes no order when its audit row cannot be written: one transaction', () => {
    const failing = new Ledger(
      {
        ...sqlLedgerStorage(db),
        orderAudit: {
          append: () => {
            throw new Error('disk full');
          },
        },
      },
      clock.now,
    );
    const before = ledger.orders({ account: 'paper', limit: 100, offset: 0 }).total;
    expect(() => failing.placeOrder(marketOrder('BUY', 'ITC', 1))).toThrow('disk full');
    expect(ledger.orders({ account: 'paper', limit: 100, offset: 0 }).total).toBe(before);
  });

  it('leaves orders replayed over generated history out: they are no one’s decision', () => {
    const before = everything().length;
    ledger.placeOrder({ ...marketOrder('BUY', 'ITC', 1), simulatedReplay: true });
    expect(everything()).toHaveLength(before);
  });
});
