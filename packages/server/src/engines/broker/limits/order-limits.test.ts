import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import { checkOrderLimits } from './order-limits';
import { account, buy, check, type Holding, rejected } from './order-limits-test-kit';

describe('insufficient funds and minimum balance', () => {
  // BUY 10 INFY @ ₹1,500 (delivery): turnover 15,00,000 paise; brokerage 2,000 + STT 1,500 + exchange
  // 0.00297 % = 44.55→45 + SEBI 1.5→2 + GST 18 % × 2,047 = 368.46→368 + stamp 225 = 4,140 paise;
  // needs ₹15,041.40 in all.
  const order = buy('INFY', 10, 1_500);
  // A whole account spent on one stock is 99.7 % exposed; lift that limit to isolate the cash rule.
  const noMinimum = { ...DEFAULT_PAPER_LIMITS, min_balance_threshold: 0, max_portfolio_exposure: 1 };

  it('passes with exactly the cost plus charges in cash', () => {
    expect(check(order, account({ cash: 15_041.4 }), noMinimum)).toEqual({ ok: true });
  });

  it('rejects one paisa short of cost plus charges', () => {
    expect(check(order, account({ cash: 15_041.39 }), noMinimum)).toEqual(
      rejected(
        'insufficient_funds',
        'Order rejected: buying 10 INFY needs ₹15,041.40 including ₹41.40 charges, but only ₹15,041.39 cash is available.',
      ),
    );
  });

  it('uses charges the caller already computed instead of recomputing them', () => {
    // With ₹100 of charges quoted, ₹15,041.40 is ₹58.60 short of the ₹15,100 needed.
    const result = checkOrderLimits({
      order,
      account: account({ cash: 15_041.4 }),
      limits: noMinimum,
      charges: { total: 100_00 },
    });
    expect(result).toEqual(
      rejected(
        'insufficient_funds',
        'Order rejected: buying 10 INFY needs ₹15,100 including ₹100 charges, but only ₹15,041.40 cash is available.',
      ),
    );
  });

  it('passes when cash after the buy lands exactly on the minimum balance', () => {
    expect(check(order, account({ cash: 1_15_041.4 }))).toEqual({ ok: true });
  });

  it('rejects when cash after the buy would be one paisa under the minimum balance', () => {
    expect(check(order, account({ cash: 1_15_041.39 }))).toEqual(
      rejected(
        'min_balance',
        'Order rejected: cash would fall to ₹99,999.99 after this buy, below the ₹1,00,000 minimum balance.',
      ),
    );
  });
});

describe('maximum position size', () => {
  it('passes a position of exactly ₹50,000 after the buy', () => {
    expect(check(buy('RELIANCE', 4, 2_500))).toEqual({ ok: true });
  });

  it('rejects a position one paisa over ₹50,000', () => {
    expect(check(buy('RELIANCE', 1, 10_000.01))).toEqual(
      rejected(
        'max_position_size',
        'Order rejected: position in RELIANCE would be ₹50,000.01, above the ₹50,000 maximum position size.',
      ),
    );
  });

  it('counts what is already held: ₹40,000 + 9 × ₹2,500 = ₹62,500', () => {
    expect(check(buy('RELIANCE', 9, 2_500))).toEqual(
      rejected(
        'max_position_size',
        'Order rejected: position in RELIANCE would be ₹62,500, above the ₹50,000 maximum position size.',
      ),
    );
  });

  it('applies to a new position on its own', () => {
    expect(check(buy('INFY', 1, 50_000))).toEqual({ ok: true });
    expect(check(buy('INFY', 1, 50_000.01))).toMatchObject({ ok: false, code: 'max_position_size' });
  });
});

describe('maximum number of positions', () => {
  const holdings = (count: number): Holding[] =>
    Array.from({ length: count }, (_, index): Holding => [`STOCK${index + 1}`, 10, 10_000]);

  it('lets a tenth position open with nine held', () => {
    expect(check(buy('INFY', 1, 1_000), account({ cash: 5_00_000, holdings: holdings(9) }))).toEqual({
      ok: true,
    });
  });

  it('rejects an eleventh position with ten held', () => {
    expect(check(buy('INFY', 1, 1_000), account({ cash: 5_00_000, holdings: holdings(10) }))).toEqual(
      rejected(
        'max_positions',
        'Order rejected: INFY would be a new position, and 10 are already open; the maximum is 10.',
      ),
    );
  });

  it('still lets a held position grow at the maximum', () => {
    expect(check(buy('STOCK3', 1, 1_000), account({ cash: 5_00_000, holdings: holdings(10) }))).toEqual({
      ok: true,
    });
  });

  it('does not count a closed position left at zero shares', () => {
    const state = account({ cash: 5_00_000, holdings: [...holdings(9), ['WIPRO', 0, 0]] });
    expect(check(buy('INFY', 1, 1_000), state)).toEqual({ ok: true });
    expect(check(buy('WIPRO', 1, 1_000), state)).toEqual({ ok: true });
  });
});

describe('maximum portfolio exposure', () => {
  // Equity ₹6,00,000 = cash ₹1,60,000 + nine positions worth ₹4,40,000; 80 % of equity is ₹4,80,000.
  const holdings: Holding[] = [
    ...Array.from({ length: 8 }, (_, index): Holding => [`STOCK${index + 1}`, 10, 50_000]),
    ['HDFCBANK', 25, 40_000],
  ];
  const state = account({ cash: 1_60_000, holdings });

  it('passes a buy that brings exposure to exactly 80 %', () => {
    expect(check(buy('INFY', 1, 40_000), state)).toEqual({ ok: true });
  });

  it('rejects one paisa over, saying it is just over rather than printing 80 % above 80 %', () => {
    expect(check(buy('INFY', 1, 40_000.01), state)).toEqual(
      rejected(
        'max_exposure',
        'Order rejected: invested value would be ₹4,80,000.01, just over 80% of equity, above the 80% maximum exposure.',
      ),
    );
  });

  it('states the exposure to two decimals', () => {
    // ₹4,90,000 / ₹6,00,000 = 81.666… %.
    expect(check(buy('INFY', 1, 50_000), state)).toEqual(
      rejected(
        'max_exposure',
        'Order rejected: invested value would be ₹4,90,000, 81.67% of equity, above the 80% maximum exposure.',
      ),
    );
  });

  it('rejects any buy when the account has no equity', () => {
    const empty = account({ cash: 2_00_000, equity: 0 });
    expect(check(buy('INFY', 1, 100), empty)).toEqual(
      rejected(
        'max_exposure',
        'Order rejected: invested value would be ₹100 with no equity in the account, above the 80% maximum exposure.',
      ),
    );
  });
});
