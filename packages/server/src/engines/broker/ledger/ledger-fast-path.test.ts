import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import { LedgerError } from './ledger-error';
import { orderedId } from './ordered-id';
import {
  chargesOf,
  createLedgerFixture,
  type LedgerFixture,
  marketOrder,
} from './test-support/ledger-fixture';
import { brokenInvariants } from './test-support/ledger-invariants';

let fx: LedgerFixture;
beforeEach(() => {
  fx = createLedgerFixture();
  fx.ledger.openAccount('paper', 10_000_000);
});
afterEach(() => {
  expect(brokenInvariants(fx.db, fx.ledger, 'paper')).toEqual([]);
  fx.db.close();
});

describe('an order filled whole in one call (the paper desk path)', () => {
  it('stores the order FILLED with its totals, the fill, both entries and the position', () => {
    const charges = chargesOf(2_360, { stt: 100, gst: 360 });
    const { order, fill } = fx.ledger.placeFilledOrder(marketOrder('BUY', 'TCS', 2), {
      quantity: 2,
      pricePaise: 50_000,
      charges,
      ts: fx.clock.now(),
    });
    expect(order).toMatchObject({
      status: 'FILLED',
      filledQuantity: 2,
      averagePrice: 50_000,
      chargesPaise: 2_360,
      realisedPnlPaise: 0,
    });
    expect(fx.ledger.order(order.id)).toEqual(order);
    expect(fx.ledger.fills(order.id)).toEqual([fill]);
    expect(fx.ledger.cashPaise('paper')).toBe(10_000_000 - 100_000 - 2_360);
    expect(fx.ledger.position('paper', 'TCS')).toMatchObject({ quantity: 2, costPaise: 100_000 });
  });

  it('books a sale’s realised P&L on the order, as placeOrder + recordFill would', () => {
    const at = (side: 'BUY' | 'SELL', quantity: number, pricePaise: number) =>
      fx.ledger.placeFilledOrder(marketOrder(side, 'SBIN', quantity), {
        quantity,
        pricePaise,
        charges: chargesOf(0),
        ts: fx.clock.now(),
      }).order;
    at('BUY', 3, 333);
    at('BUY', 1, 334);
    expect(at('SELL', 1, 400).realisedPnlPaise).toBe(400 - 333);
    expect(fx.ledger.position('paper', 'SBIN')).toMatchObject({ quantity: 3, costPaise: 1_000 });
  });

  it('refuses a short sale, a buy beyond the cash and a fill of another size, writing nothing', () => {
    const execution = (quantity: number, pricePaise = 100) => ({
      quantity,
      pricePaise,
      charges: chargesOf(0),
      ts: fx.clock.now(),
    });
    const refusals = [
      () => fx.ledger.placeFilledOrder(marketOrder('SELL', 'INFY', 1), execution(1)),
      () => fx.ledger.placeFilledOrder(marketOrder('BUY', 'INFY', 1), execution(1, 10_000_001)),
      () => fx.ledger.placeFilledOrder(marketOrder('BUY', 'INFY', 2), execution(1)),
    ];
    for (const refusal of refusals) expect(refusal).toThrow(LedgerError);
    expect(fx.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBe(0);
    expect(fx.ledger.cashPaise('paper')).toBe(10_000_000);
  });
});

describe('parsed limits', () => {
  const limits = { ...DEFAULT_PAPER_LIMITS, max_positions_count: 3 };

  it('are parsed again only when the stored text changes, and a copy is handed out', () => {
    expect(fx.ledger.limits('paper')).toEqual(DEFAULT_PAPER_LIMITS);
    fx.ledger.setLimits('paper', limits);
    const first = fx.ledger.limits('paper');
    expect(first).toEqual(limits);
    first.max_positions_count = 99;
    expect(fx.ledger.limits('paper').max_positions_count).toBe(3);
  });

  it('never outlive an edit that was rolled back', () => {
    fx.ledger.setLimits('paper', limits);
    expect(() =>
      fx.db.transaction(() => {
        fx.ledger.setLimits('paper', { ...limits, max_positions_count: 7 });
        expect(fx.ledger.limits('paper').max_positions_count).toBe(7);
        throw new Error('the caller gives up');
      })(),
    ).toThrow('the caller gives up');
    expect(fx.ledger.limits('paper').max_positions_count).toBe(3);
  });
});

describe('ordered ids', () => {
  it('are UUIDs (version 7) that sort in the order they were made, within a millisecond too', () => {
    const ids = [orderedId(1_000), orderedId(1_000), orderedId(1_000), orderedId(999), orderedId(2_000)];
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
