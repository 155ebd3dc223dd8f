import { databases } from '../../test-support/databases';
import { SqlHaltsRepository } from './halts-repository';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const manual = {
  haltedAt: T0,
  reason: 'Checking the feed',
  source: 'manual' as const,
  breaker: null,
  haltedBy: 'trader@example.com',
};

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('SqlHaltsRepository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('has no halt at first, and the latest halt begun is the current one', () => {
    const halts = new SqlHaltsRepository(open());
    expect(halts.latest()).toBeNull();
    halts.begin(manual);
    const second = halts.begin({ ...manual, haltedAt: T0 + 1, reason: 'Again' });
    expect(halts.latest()).toEqual(second);
    expect(second).toMatchObject({ reason: 'Again', cancelledOrders: 0, chasingOrders: 0, resumedAt: null });
  });

  it('adds each stop’s effects to the counts rather than replacing them', () => {
    const halts = new SqlHaltsRepository(open());
    const { id } = halts.begin(manual);
    halts.recordEffects(id, { cancelledOrders: 2, filledOrders: 1, chasingOrders: 2 }, 1);
    const after = halts.recordEffects(id, { cancelledOrders: 1, filledOrders: 0, chasingOrders: 0 }, 2);
    expect(after).toMatchObject({
      cancelledOrders: 3,
      filledOrders: 1,
      chasingOrders: 2,
      closedPositions: 3,
    });
  });

  it('moves an ended chase from the chased count to the cancelled or filled one', () => {
    const halts = new SqlHaltsRepository(open());
    const { id } = halts.begin(manual);
    halts.recordEffects(id, { cancelledOrders: 0, filledOrders: 0, chasingOrders: 2 }, 0);
    halts.recordChaseEnded(id, 'filled');
    const after = halts.recordChaseEnded(id, 'cancelled');
    expect(after).toMatchObject({ cancelledOrders: 1, filledOrders: 1, chasingOrders: 0 });
  });

  it('records who resumed trading, when and why', () => {
    const halts = new SqlHaltsRepository(open());
    const { id } = halts.begin(manual);
    expect(halts.resume(id, T0 + 60_000, 'trader@example.com', 'Feed back')).toMatchObject({
      resumedAt: T0 + 60_000,
      resumedBy: 'trader@example.com',
      resumeReason: 'Feed back',
    });
  });
});
