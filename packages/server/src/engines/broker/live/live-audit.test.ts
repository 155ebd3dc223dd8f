import type { OrderAuditEntry } from '../../../core/order-audit';
import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { SqlOrderAuditRepository } from '../../../storage/sql/order-audit-repository';
import { type Db, openDatabase } from '../../../storage/sqlite/database';
import { Ledger } from '../ledger';
import { liveOrderStore } from './ledger-order-store';
import { LiveVenue } from './live-venue';
import { type LiveBrokerHarness, liveBrokerHarness, liveOrder } from './test-support/live-broker-harness';

// Live orders in the audit trail: a placed one with its order row, a refused one on its own.
describe('live orders in the audit trail', () => {
  let h: LiveBrokerHarness;
  let db: Db;
  let venue: LiveVenue;
  let refusals: OrderAuditEntry[];

  beforeEach(async () => {
    h = await liveBrokerHarness();
    db = openDatabase(':memory:');
    h.broker.keepOrdersIn(liveOrderStore(new Ledger(sqlLedgerStorage(db), () => h.clock.now())));
    refusals = [];
    venue = new LiveVenue({
      broker: h.broker,
      marks: () => 150_000,
      now: () => h.clock.now(),
      orderAudit: { append: (entry) => refusals.push(entry) },
    });
  });
  afterEach(async () => {
    db.close();
    await h.fake.close();
  });

  it('records a live order the loop placed, in the same unit as its order row', () => {
    const order = venue.submit(
      liveOrder({ decision: { origin: 'loop', actor: 'momentum', signal: 'BUY signal', reasons: 'up' } }),
    );
    const trail = new SqlOrderAuditRepository(db).between(0, Number.MAX_SAFE_INTEGER);
    expect(trail).toEqual([
      expect.objectContaining({ orderId: order.id, account: 'live', origin: 'loop', signal: 'BUY signal' }),
    ]);
    expect(refusals).toEqual([]);
  });

  it('records a refusal by a risk limit, and one by a circuit breaker’s halt', () => {
    venue.useGate({ riskRefusal: () => 'The order is over the single-stock limit.' });
    const risky = venue.submit(liveOrder({ strategy: 'momentum' }));
    venue.useGate({ riskRefusal: () => null });
    h.broker.useGate({
      haltRefusal: () => 'Trading is halted (a circuit breaker at 2026-01-12 10:00 IST: NIFTY fell).',
    });
    const halted = venue.submit(liveOrder({ strategy: 'momentum' }));
    expect(refusals).toEqual([
      expect.objectContaining({
        orderId: risky.id,
        origin: 'loop',
        decidedBy: 'risk_limit',
        outcome: 'REJECTED',
      }),
      expect.objectContaining({
        orderId: halted.id,
        decidedBy: 'circuit_breaker',
        detail: halted.rejectReason,
      }),
    ]);
  });
});
