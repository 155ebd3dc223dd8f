import type { HaltState } from '@td/contracts';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import { SqlAlertsRepository } from '../../storage/sql/alerts-repository';
import { SqlHaltsRepository } from '../../storage/sql/halts-repository';
import { sqlWritersUnitOfWork } from '../../storage/sql/immediate-unit-of-work';
import { SqlSettingsRepository } from '../../storage/sql/settings-repository';
import { databases } from '../../test-support/databases';
import { createTestClock } from '../../test-support/test-clock';
import { STOP_NOT_RECORDED, TradingHalt } from './trading-halt';

// The halt's writes on both stores: one unit per stop, resume and chased ending; nothing kept
// of a unit that fails, and nothing announced before its commit.
let open = databases[0]!.open;

describe.each(databases)('TradingHalt on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  /** A halt over the real stores; the account's cancellation stands in as one settings row. */
  function setUp({ failAlert = false, failBroker = false } = {}) {
    /** What the Upstox account sent, and whether the halt had committed when it sent it. */
    const sentToBroker: string[] = [];
    const db = open();
    const clock = createTestClock();
    const settings = new SqlSettingsRepository(db);
    const alerts = new SqlAlertsRepository(db);
    const writers = sqlWritersUnitOfWork(db);
    const units: string[] = [];
    const unitOfWork: UnitOfWork = {
      run: (work) => {
        units.push('unit');
        return writers.run(work);
      },
    };
    const heard: string[] = [];
    const loops: string[] = [];
    // Read outside the unit, as another connection would: the broker account asks if the halt is in.
    const store = new SqlHaltsRepository(db);
    const countsLost: unknown[] = [];
    const halt = new TradingHalt({
      onCountsLost: (error) => countsLost.push(error),
      store: new SqlHaltsRepository(db),
      unitOfWork,
      now: clock.now,
      stopLoops: () => loops.push('stopped'),
      resumeLoops: () => loops.push('resumed'),
      accounts: () => [
        {
          cancelPending: () => {
            settings.set('cancelled', true);
            return { cancelled: 1, chasing: 0 };
          },
          closePositions: () => 0,
        },
        {
          reachesBroker: true,
          cancelPending: () => {
            if (failBroker) throw new Error('database is locked');
            sentToBroker.push(store.latest() === null ? 'cancel before the halt committed' : 'cancel');
            return { cancelled: 0, chasing: 2 };
          },
          closePositions: () => {
            sentToBroker.push('sell');
            return 1;
          },
        },
      ],
      onChange: (state: HaltState) => {
        if (failAlert) throw new Error('disk I/O error');
        if (state.halted && !alerts.openFor('halt', 'trading'))
          alerts.add(
            {
              kind: 'halt',
              subject: 'trading',
              severity: 'high',
              message: state.refusal ?? 'Resumed.',
              suggestedAction: 'Resume.',
              actionRequired: true,
            },
            clock.now(),
          );
        return () => heard.push(state.halted ? 'halted' : 'resumed');
      },
    });
    return { halt, settings, alerts, units, heard, loops, store, sentToBroker, countsLost };
  }

  const request = {
    reason: 'Feed looks wrong',
    closePositions: true,
    by: 'trader@example.com',
    source: 'manual',
  };

  it('writes the halt, its effects, its counts and its alert in one unit, then announces it', () => {
    const { halt, settings, alerts, units, heard, store, sentToBroker } = setUp();
    const state = halt.stop({ ...request, source: 'manual' });
    expect(state).toMatchObject({
      halted: true,
      cancelled_orders: 1,
      chasing_orders: 2,
      closed_positions: 1,
    });
    // The halt's unit, then the Upstox account's counts in their own, once its orders went out.
    expect(units).toEqual(['unit', 'unit']);
    expect(sentToBroker).toEqual(['cancel', 'sell']);
    expect(heard).toEqual(['halted', 'halted']);
    expect(settings.get('cancelled')).toBe(true);
    expect(store.latest()).toMatchObject({
      cancelledOrders: 1,
      chasingOrders: 2,
      closedPositions: 1,
      resumedAt: null,
    });
    expect(alerts.openFor('halt', 'trading')).toBeDefined();

    halt.resume('trader@example.com', null);
    expect(units).toEqual(['unit', 'unit', 'unit']);
    expect(heard).toEqual(['halted', 'halted', 'resumed']);
    expect(store.latest()?.resumedBy).toBe('trader@example.com');
  });

  it('keeps nothing of a stop whose last write fails, sends nothing to Upstox, answers 503 and announces nothing', () => {
    const { halt, settings, alerts, heard, loops, store, sentToBroker } = setUp({ failAlert: true });
    expect(() => halt.stop({ ...request, source: 'manual' })).toThrow(STOP_NOT_RECORDED);
    // A sale sent to Upstox cannot be rolled back: "nothing was changed" must be true there too.
    expect(sentToBroker).toEqual([]);
    expect(store.latest()).toBeNull();
    expect(settings.get('cancelled')).toBeUndefined();
    expect(alerts.openFor('halt', 'trading')).toBeUndefined();
    expect(heard).toEqual([]);
    // The gate answers from the halt as stored; the loops stay stopped, the safe side.
    expect(halt.isHalted()).toBe(false);
    expect(halt.haltRefusal({ side: 'BUY' })).toBeNull();
    expect(loops).toEqual(['stopped']);
  });

  it('keeps the halt and answers it when the Upstox account fails after the commit, counting none of it', () => {
    const { halt, heard, store, countsLost } = setUp({ failBroker: true });
    const state = halt.stop({ ...request, source: 'manual' });
    expect(state).toMatchObject({ halted: true, cancelled_orders: 1, chasing_orders: 0 });
    expect(store.latest()).toMatchObject({ cancelledOrders: 1, chasingOrders: 0, resumedAt: null });
    expect(heard).toEqual(['halted']);
    expect(countsLost).toHaveLength(1);
  });
});
