import { PAPER_STARTING_BALANCE_PAISE } from '../../../core/orders';
import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { type Db, openDatabase } from '../../../storage/sqlite/database';
import { Ledger } from '../ledger';
import { liveOrderStore } from './ledger-order-store';
import { LiveBroker } from './live-broker';
import type { LiveOrderStore } from './live-order-book';
import { liveOrderIdForKey } from './live-placement';
import { type LiveBrokerHarness, liveBrokerHarness, liveOrder } from './test-support/live-broker-harness';

const KEY = 'loop:momentum:BUY:RELIANCE:2026-01-12T04:30:00.000Z';

// Two instances sharing one database and one Upstox account: the first leader, then the next.
describe('keyed live orders across instances', () => {
  let h: LiveBrokerHarness;
  let db: Db;
  let ledger: Ledger;

  beforeEach(async () => {
    h = await liveBrokerHarness();
    db = openDatabase(':memory:');
    ledger = new Ledger(sqlLedgerStorage(db), () => h.clock.now());
    ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
    h.broker.keepOrdersIn(liveOrderStore(ledger));
  });
  afterEach(async () => {
    db.close();
    await h.fake.close();
  });

  /** A second instance's broker: its own memory, the same account, database and Upstox. */
  const nextLeader = (store: LiveOrderStore = liveOrderStore(ledger)) => {
    const broker = new LiveBroker({ account: h.account, now: () => h.clock.now() });
    broker.keepOrdersIn(store);
    return broker;
  };

  it('sends the key to Upstox as the tag, in the short form the tag allows', async () => {
    const placed = await h.broker.submit(liveOrder({ idempotencyKey: KEY }));
    expect(placed.id).toBe(liveOrderIdForKey(KEY));
    expect(placed.id).toMatch(/^LV[0-9a-f]{16}$/);
    expect(h.fake.placed().map((body) => body.tag)).toEqual([`GENERIC${placed.id}`]);
    expect(ledger.orderByKey('live', KEY)?.id).toBe(placed.id);
  });

  it('places nothing when the same instance or the next leader repeats the key', async () => {
    const first = await h.broker.submit(liveOrder({ idempotencyKey: KEY }));
    const again = await h.broker.submit(liveOrder({ idempotencyKey: KEY }));
    h.clock.t += 20_000;
    const repeat = nextLeader().begin(liveOrder({ idempotencyKey: KEY }));
    await repeat.placed;
    expect([again.id, repeat.order.id]).toEqual([first.id, first.id]);
    expect(h.fake.placed()).toHaveLength(1);
    expect(ledger.orders({ account: 'live', limit: 10, offset: 0 }).total).toBe(1);
  });

  it('lets the unique index settle a race both instances lost sight of: the loser sends nothing', async () => {
    // The loser started before the winner's row was there and its first read of the store finds
    // nothing, as when both instances look at the same moment.
    const store = liveOrderStore(ledger);
    let reads = 0;
    const loser = nextLeader({
      ...store,
      orderByKey: (key) => (reads++ === 0 ? undefined : store.orderByKey!(key)),
    });
    const first = h.broker.begin(liveOrder({ idempotencyKey: KEY }));
    const lost = loser.begin(liveOrder({ idempotencyKey: KEY }));
    await Promise.all([first.placed, lost.placed]);
    expect(lost.order.id).toBe(first.order.id);
    expect(reads).toBe(2);
    expect(h.fake.placed()).toHaveLength(1);
  });

  it('gives orders without a key a fresh id each, as before', async () => {
    const a = await h.broker.submit(liveOrder());
    const b = await h.broker.submit(liveOrder());
    expect(a.id).not.toBe(b.id);
    expect(h.fake.placed()).toHaveLength(2);
  });
});
