import type { AccountSnapshot } from './account-snapshot';
import type { OrderToCheck } from './order-limits';
import { checkRiskLimits, type LossPosition, type RiskLimitValues } from './risk-limit-check';

const LIMITS: RiskLimitValues = {
  max_position_size: 10,
  max_single_stock: 20,
  max_sector_exposure: 40,
  daily_loss_limit: 3,
  weekly_loss_limit: 6,
  monthly_loss_limit: 10,
  max_drawdown_limit: 15,
};
const CAPITAL = 10_00_000_00; // ₹10,00,000 in paise
const CALM: LossPosition = {
  capitalPaise: CAPITAL,
  dailyLossPaise: 0,
  weeklyLossPaise: 0,
  monthlyLossPaise: 0,
  drawdownPercent: 0,
};
const SECTORS: Record<string, string> = {
  HDFCBANK: 'Financial Services',
  ICICIBANK: 'Financial Services',
  AXISBANK: 'Financial Services',
  TCS: 'Information Technology',
};

function account(positions: [string, number][] = []): AccountSnapshot {
  return {
    cashPaise: CAPITAL,
    equityPaise: CAPITAL,
    dayPnlPaise: 0,
    positions: new Map(
      positions.map(([symbol, value]) => [symbol, { quantity: 1, marketValuePaise: value }]),
    ),
  };
}
const buy = (symbol: string, rupees: number) => ({
  side: 'BUY' as const,
  symbol,
  quantity: 1,
  price: rupees * 100,
});
const check = (order: OrderToCheck, snapshot = account(), losses = CALM, limits = LIMITS) =>
  checkRiskLimits({ order, account: snapshot, limits, losses, sectorOf: (symbol) => SECTORS[symbol] });

describe('risk limits before an order', () => {
  it('lets a buy within every limit through', () => {
    expect(check(buy('TCS', 50_000))).toBeNull();
  });

  it('never refuses a sale, whatever the losses', () => {
    const ruined = { ...CALM, dailyLossPaise: CAPITAL, drawdownPercent: 90 };
    expect(check({ ...buy('TCS', 5_000_000), side: 'SELL' }, account(), ruined)).toBeNull();
  });

  it('refuses a buy once a loss window reaches its limit, naming the window', () => {
    expect(check(buy('TCS', 1000), account(), { ...CALM, dailyLossPaise: 30_000_00 })).toBe(
      "Order rejected: today's loss of ₹30,000 has reached the 3 % loss limit (₹30,000 of ₹10,00,000 capital); only sells are allowed until it recovers or you raise the limit on the Risk screen.",
    );
    expect(check(buy('TCS', 1000), account(), { ...CALM, weeklyLossPaise: 60_000_00 })).toMatch(
      /^Order rejected: this week's loss of ₹60,000 has reached the 6 % loss limit/,
    );
    expect(check(buy('TCS', 1000), account(), { ...CALM, monthlyLossPaise: 1_00_000_00 })).toMatch(
      /this month's loss of ₹1,00,000/,
    );
    expect(check(buy('TCS', 1000), account(), { ...CALM, weeklyLossPaise: 59_999_00 })).toBeNull();
    expect(check(buy('TCS', 1000), account(), { ...CALM, drawdownPercent: 15 })).toMatch(
      /the portfolio is 15 % below its 30-day peak, past the 15 % maximum drawdown/,
    );
  });

  it('refuses a buy larger than the maximum position size of capital', () => {
    expect(check(buy('TCS', 1_00_001))).toBe(
      'Order rejected: buying 1 TCS costs ₹1,00,001, above the 10 % maximum position size (₹1,00,000 of ₹10,00,000 capital).',
    );
  });

  it('refuses a buy that takes one stock past its share of equity, counting what is held', () => {
    expect(check(buy('TCS', 60_000), account([['TCS', 1_50_000_00]]))).toBe(
      'Order rejected: TCS would be ₹2,10,000, 21 % of equity, above the 20 % single-stock limit (₹2,00,000).',
    );
  });

  it('refuses a buy that takes a sector past its share of equity', () => {
    const held = account([
      ['HDFCBANK', 1_90_000_00],
      ['ICICIBANK', 1_90_000_00],
    ]);
    expect(check(buy('HDFCBANK', 1), held)).toBeNull();
    expect(check(buy('AXISBANK', 30_000), held)).toBe(
      'Order rejected: Financial Services would be ₹4,10,000, 41 % of equity, above the 40 % sector limit (₹4,00,000).',
    );
  });
});
