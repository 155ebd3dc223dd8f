import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import type { AccountSnapshot, PhaseCaps } from './account-snapshot';
import { checkOrderLimits, type OrderToCheck } from './order-limits';

// spec part 2 §9 Phases: phase 1 "Foundation" caps a position at 3 % and a day's loss at 1.5 % of capital.
const foundation: PhaseCaps = { maxPositionPercent: 3, maxDailyLossPercent: 1.5 };

function account(equityPaise: number, dayPnlPaise = 0): AccountSnapshot {
  return { cashPaise: equityPaise, equityPaise, positions: new Map(), dayPnlPaise };
}

const buy = (quantity: number, price: number): OrderToCheck => ({
  side: 'BUY',
  symbol: 'HDFCBANK',
  quantity,
  price,
});
const tenLakh = 10_00_000_00;

describe('phase caps', () => {
  it('passes a position of exactly 3 % of ₹10,00,000 equity', () => {
    const result = checkOrderLimits({
      order: buy(10, 3_000_00),
      account: account(tenLakh),
      limits: DEFAULT_PAPER_LIMITS,
      phase: foundation,
    });
    expect(result).toEqual({ ok: true });
  });

  it('rejects a position over 3 % of equity that the ₹50,000 paper limit would allow', () => {
    const order = buy(10, 3_000_01);
    expect(checkOrderLimits({ order, account: account(tenLakh), limits: DEFAULT_PAPER_LIMITS })).toEqual({
      ok: true,
    });
    expect(
      checkOrderLimits({
        order,
        account: account(tenLakh),
        limits: DEFAULT_PAPER_LIMITS,
        phase: foundation,
      }),
    ).toEqual({
      ok: false,
      code: 'phase_position_cap',
      reason:
        "Order rejected: position in HDFCBANK would be ₹30,000.10, above this phase's cap of ₹30,000 (3% of equity).",
    });
  });

  it('compares against the exact cap and shows it rounded down when it falls between paise', () => {
    // 3 % of 10,00,00,050 paise = 30,00,001.5 paise: ₹30,000.01 passes, ₹30,000.02 does not.
    const state = account(tenLakh + 50);
    const limits = DEFAULT_PAPER_LIMITS;
    expect(checkOrderLimits({ order: buy(1, 30_000_01), account: state, limits, phase: foundation })).toEqual(
      { ok: true },
    );
    expect(
      checkOrderLimits({ order: buy(1, 30_000_02), account: state, limits, phase: foundation }),
    ).toMatchObject({
      ok: false,
      reason:
        "Order rejected: position in HDFCBANK would be ₹30,000.02, above this phase's cap of ₹30,000.01 (3% of equity).",
    });
  });

  it('passes a buy with the day one paisa short of a 1.5 % loss', () => {
    const state = account(tenLakh, -(15_000_00 - 1));
    expect(
      checkOrderLimits({
        order: buy(1, 100_00),
        account: state,
        limits: DEFAULT_PAPER_LIMITS,
        phase: foundation,
      }),
    ).toEqual({
      ok: true,
    });
  });

  it('stops new buys once the day has lost 1.5 % of equity, below the ₹25,000 paper limit', () => {
    const state = account(tenLakh, -15_000_00);
    expect(
      checkOrderLimits({
        order: buy(1, 100_00),
        account: state,
        limits: DEFAULT_PAPER_LIMITS,
        phase: foundation,
      }),
    ).toEqual({
      ok: false,
      code: 'phase_daily_loss',
      reason:
        "Order rejected: today's loss of ₹15,000 has reached this phase's daily limit of ₹15,000 (1.5% of equity); only sells are allowed for the rest of the day.",
    });
  });

  it('lets the paper limit speak first when both daily limits are reached', () => {
    const state = account(tenLakh, -25_000_00);
    expect(
      checkOrderLimits({
        order: buy(1, 100_00),
        account: state,
        limits: DEFAULT_PAPER_LIMITS,
        phase: foundation,
      }),
    ).toMatchObject({ ok: false, code: 'max_daily_loss' });
  });

  it('still allows sells past the phase loss limit', () => {
    const state: AccountSnapshot = {
      ...account(tenLakh, -20_000_00),
      positions: new Map([['HDFCBANK', { quantity: 10, marketValuePaise: 16_000_00 }]]),
    };
    const order: OrderToCheck = { side: 'SELL', symbol: 'HDFCBANK', quantity: 10, price: 1_600_00 };
    expect(
      checkOrderLimits({ order, account: state, limits: DEFAULT_PAPER_LIMITS, phase: foundation }),
    ).toEqual({ ok: true });
  });
});
