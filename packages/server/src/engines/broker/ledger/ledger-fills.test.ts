import { LedgerError } from './ledger-error';
import { netRealisedPnlPaise } from './ledger-rows';
import {
  chargesOf,
  createLedgerFixture,
  type LedgerFixture,
  marketOrder,
  trade,
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

const entries = () =>
  fx.db.prepare("SELECT kind, amount_paise FROM ledger_entries WHERE account = 'paper' ORDER BY id").all();

describe('recording fills', () => {
  it('averages an order over two fills by volume and fills it when the quantity is reached', () => {
    const order = fx.ledger.placeOrder(marketOrder('BUY', 'INFY', 150));
    fx.ledger.recordFill({
      orderId: order.id,
      quantity: 100,
      pricePaise: 10_000,
      charges: chargesOf(0),
      ts: 1,
    });
    expect(fx.ledger.order(order.id)).toMatchObject({
      status: 'PENDING',
      filledQuantity: 100,
      averagePrice: 10_000,
    });
    fx.ledger.recordFill({
      orderId: order.id,
      quantity: 50,
      pricePaise: 10_100,
      charges: chargesOf(0),
      ts: 2,
    });
    // (100 × 100.00 + 50 × 101.00) / 150 = 100.333… → 10,033 paise.
    expect(fx.ledger.order(order.id)).toMatchObject({
      status: 'FILLED',
      filledQuantity: 150,
      averagePrice: 10_033,
    });
    expect(fx.ledger.position('paper', 'INFY')).toMatchObject({ quantity: 150, costPaise: 1_505_000 });
    expect(fx.ledger.fills(order.id).map((fill) => fill.quantity)).toEqual([100, 50]);
  });

  it('writes the trade and its charges as separate entries and keeps charges on the order', () => {
    const charges = chargesOf(2_360, { stt: 100, gst: 360 });
    const order = fx.ledger.placeOrder(marketOrder('BUY', 'TCS', 2));
    const fill = fx.ledger.recordFill({ orderId: order.id, quantity: 2, pricePaise: 50_000, charges, ts: 5 });
    expect(fill.charges).toEqual(charges);
    expect(entries()).toEqual([
      { kind: 'opening_balance', amount_paise: 10_000_000 },
      { kind: 'buy', amount_paise: -100_000 },
      { kind: 'charges', amount_paise: -2_360 },
    ]);
    expect(fx.ledger.cashPaise('paper')).toBe(10_000_000 - 100_000 - 2_360);
    expect(fx.ledger.order(order.id)!.chargesPaise).toBe(2_360);
    // charges stay out of the position's cost
    expect(fx.ledger.position('paper', 'TCS')!.costPaise).toBe(100_000);
  });

  it('takes cost in proportion on partial sells, to the paisa, and never drifts', () => {
    trade(fx, 'BUY', 'SBIN', 3, 333); // cost 999 for 3 shares
    trade(fx, 'BUY', 'SBIN', 1, 334); // 4 shares, cost 1,333
    const first = trade(fx, 'SELL', 'SBIN', 1, 400); // removes 1,333 / 4 = 333.25 → 333
    expect(first.realisedPnlPaise).toBe(67);
    expect(fx.ledger.position('paper', 'SBIN')).toMatchObject({ quantity: 3, costPaise: 1_000 });
    const second = trade(fx, 'SELL', 'SBIN', 2, 300); // removes 1,000 × 2 / 3 = 666.67 → 667
    expect(second.realisedPnlPaise).toBe(600 - 667);
    expect(fx.ledger.position('paper', 'SBIN')).toMatchObject({ quantity: 1, costPaise: 333 });
    const last = trade(fx, 'SELL', 'SBIN', 1, 333); // the last share takes what is left
    expect(last.realisedPnlPaise).toBe(0);
    expect(fx.ledger.position('paper', 'SBIN')).toMatchObject({
      quantity: 0,
      costPaise: 0,
      realisedPnlPaise: 0,
    });
    expect(fx.ledger.positions('paper')).toEqual([]);
  });

  it('reports realised P&L net of the order’s charges', () => {
    trade(fx, 'BUY', 'ITC', 10, 40_000, 500);
    const sell = trade(fx, 'SELL', 'ITC', 10, 41_000, 700);
    expect(sell.realisedPnlPaise).toBe(10_000);
    expect(netRealisedPnlPaise(sell)).toBe(9_300);
    expect(fx.ledger.realisedPnlPaise('paper')).toBe(10_000);
  });

  it('reopens a closed position from the time of its new first buy', () => {
    fx.clock.set(1_000);
    trade(fx, 'BUY', 'HDFCBANK', 1, 150_000);
    trade(fx, 'SELL', 'HDFCBANK', 1, 151_000);
    fx.clock.set(9_000);
    trade(fx, 'BUY', 'HDFCBANK', 2, 149_000);
    expect(fx.ledger.position('paper', 'HDFCBANK')).toMatchObject({
      quantity: 2,
      costPaise: 298_000,
      realisedPnlPaise: 1_000,
      openedAt: 9_000,
    });
  });
});

describe('refusing fills that cannot settle', () => {
  const refusal = (work: () => unknown) => {
    const before = entries();
    try {
      work();
    } catch (error) {
      expect(error).toBeInstanceOf(LedgerError);
      expect(entries()).toEqual(before);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('refuses to sell more than is held', () => {
    trade(fx, 'BUY', 'WIPRO', 5, 30_000);
    const order = fx.ledger.placeOrder(marketOrder('SELL', 'WIPRO', 6));
    expect(
      refusal(() =>
        fx.ledger.recordFill({
          orderId: order.id,
          quantity: 6,
          pricePaise: 30_000,
          charges: chargesOf(0),
          ts: 1,
        }),
      ),
    ).toBe('Cannot sell 6 WIPRO: the paper account holds 5.');
    expect(fx.ledger.order(order.id)).toMatchObject({ status: 'PENDING', filledQuantity: 0 });
  });

  it('refuses a buy the cash cannot cover once charges are added', () => {
    const order = fx.ledger.placeOrder(marketOrder('BUY', 'LT', 1));
    expect(
      refusal(() =>
        fx.ledger.recordFill({
          orderId: order.id,
          quantity: 1,
          pricePaise: 9_999_000,
          charges: chargesOf(1_001),
          ts: 1,
        }),
      ),
    ).toBe(
      'Not enough cash: buying 1 LT needs ₹1,00,000.01 with charges, and the paper account holds ₹1,00,000.00.',
    );
    // exactly the cash is fine
    fx.ledger.recordFill({
      orderId: order.id,
      quantity: 1,
      pricePaise: 9_999_000,
      charges: chargesOf(1_000),
      ts: 1,
    });
    expect(fx.ledger.cashPaise('paper')).toBe(0);
  });

  it('refuses to fill more than the order has left, or an order that is no longer pending', () => {
    const order = fx.ledger.placeOrder(marketOrder('BUY', 'ONGC', 3));
    fx.ledger.recordFill({ orderId: order.id, quantity: 2, pricePaise: 100, charges: chargesOf(0), ts: 1 });
    expect(
      refusal(() =>
        fx.ledger.recordFill({
          orderId: order.id,
          quantity: 2,
          pricePaise: 100,
          charges: chargesOf(0),
          ts: 2,
        }),
      ),
    ).toBe(`A fill of 2 is more than the 1 left on order ${order.id}.`);
    fx.ledger.setOrderStatus(order.id, 'CANCELLED');
    expect(
      refusal(() =>
        fx.ledger.recordFill({
          orderId: order.id,
          quantity: 1,
          pricePaise: 100,
          charges: chargesOf(0),
          ts: 3,
        }),
      ),
    ).toBe(`Order ${order.id} is already CANCELLED; only a pending order can change.`);
    expect(
      refusal(() =>
        fx.ledger.recordFill({ orderId: 'nope', quantity: 1, pricePaise: 1, charges: chargesOf(0), ts: 3 }),
      ),
    ).toBe('There is no order nope.');
  });

  it('refuses prices, quantities and contract notes that are not whole paise or do not add up', () => {
    const order = fx.ledger.placeOrder(marketOrder('BUY', 'ONGC', 3));
    const fill = { orderId: order.id, quantity: 1, pricePaise: 100, charges: chargesOf(0), ts: 1 };
    expect(refusal(() => fx.ledger.recordFill({ ...fill, pricePaise: 100.5 }))).toBe(
      'A fill price must be a whole number of paise above zero.',
    );
    expect(refusal(() => fx.ledger.recordFill({ ...fill, quantity: 0 }))).toBe(
      'Quantity must be a whole number of shares above zero.',
    );
    expect(refusal(() => fx.ledger.recordFill({ ...fill, charges: { ...chargesOf(10), total: 11 } }))).toBe(
      'Charges add up to ₹0.10 but their total says ₹0.11.',
    );
    expect(refusal(() => fx.ledger.recordFill({ ...fill, charges: chargesOf(10, { stt: -1 }) }))).toBe(
      'The stt charge must be a whole number of paise, not negative.',
    );
  });
});
