import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import type { AccountSnapshot, HeldPosition } from './account-snapshot';
import { limitsStatus } from './limits-status';

function snapshot(cashPaise: number, values: number[], dayPnlPaise = 0): AccountSnapshot {
  const positions = new Map<string, HeldPosition>(
    values.map((marketValuePaise, index) => [`STOCK${index + 1}`, { quantity: 10, marketValuePaise }]),
  );
  const invested = values.reduce((sum, value) => sum + value, 0);
  return { cashPaise, equityPaise: cashPaise + invested, positions, dayPnlPaise };
}

describe('limits_status for the paper overview', () => {
  it('reports a fresh ₹10,00,000 account as safe on every check', () => {
    expect(limitsStatus(snapshot(10_00_000_00, []), DEFAULT_PAPER_LIMITS)).toEqual({
      balance_status: { current: 10_00_000, threshold: 1_00_000, safe: true },
      daily_loss_status: { current_loss: 0, limit: 25_000, safe: true },
      positions_status: { current: 0, limit: 10, safe: true },
      exposure_status: { current_percentage: 0, limit_percentage: 80, safe: true },
    });
  });

  it('gives money in rupees with paise and exposure as a percentage to two decimals', () => {
    // ₹1,23,456.78 invested of ₹3,23,456.78 equity = 38.1678… %; the day is down ₹1,234.56.
    const status = limitsStatus(snapshot(2_00_000_00, [1_23_456_78], -1_234_56), DEFAULT_PAPER_LIMITS);
    expect(status.balance_status.current).toBe(2_00_000);
    expect(status.daily_loss_status).toEqual({ current_loss: 1_234.56, limit: 25_000, safe: true });
    expect(status.exposure_status).toEqual({ current_percentage: 38.17, limit_percentage: 80, safe: true });
  });

  it('reports no loss on a winning day', () => {
    expect(
      limitsStatus(snapshot(5_00_000_00, [], 12_000_00), DEFAULT_PAPER_LIMITS).daily_loss_status.current_loss,
    ).toBe(0);
  });

  it('is safe with cash exactly on the threshold and unsafe one paisa below it', () => {
    expect(limitsStatus(snapshot(1_00_000_00, []), DEFAULT_PAPER_LIMITS).balance_status.safe).toBe(true);
    expect(limitsStatus(snapshot(1_00_000_00 - 1, []), DEFAULT_PAPER_LIMITS).balance_status).toEqual({
      current: 99_999.99,
      threshold: 1_00_000,
      safe: false,
    });
  });

  it('is unsafe once the day has lost exactly the limit, safe one paisa short of it', () => {
    expect(
      limitsStatus(snapshot(5_00_000_00, [], -(25_000_00 - 1)), DEFAULT_PAPER_LIMITS).daily_loss_status.safe,
    ).toBe(true);
    expect(
      limitsStatus(snapshot(5_00_000_00, [], -25_000_00), DEFAULT_PAPER_LIMITS).daily_loss_status,
    ).toEqual({
      current_loss: 25_000,
      limit: 25_000,
      safe: false,
    });
  });

  it('warns at 10 of 10 positions, where no new one can open', () => {
    const nine = Array.from({ length: 9 }, () => 10_000_00);
    expect(limitsStatus(snapshot(5_00_000_00, nine), DEFAULT_PAPER_LIMITS).positions_status).toEqual({
      current: 9,
      limit: 10,
      safe: true,
    });
    expect(
      limitsStatus(snapshot(5_00_000_00, [...nine, 10_000_00]), DEFAULT_PAPER_LIMITS).positions_status,
    ).toEqual({
      current: 10,
      limit: 10,
      safe: false,
    });
  });

  it('does not count a position closed to zero shares', () => {
    const state = snapshot(5_00_000_00, [10_000_00]);
    const positions = new Map(state.positions).set('WIPRO', { quantity: 0, marketValuePaise: 0 });
    expect(limitsStatus({ ...state, positions }, DEFAULT_PAPER_LIMITS).positions_status.current).toBe(1);
  });

  it('is safe at exactly 80 % exposure and unsafe one paisa over', () => {
    // ₹4,00,000 invested of ₹5,00,000 equity.
    expect(
      limitsStatus(snapshot(1_00_000_00, [2_00_000_00, 2_00_000_00]), DEFAULT_PAPER_LIMITS).exposure_status,
    ).toEqual({
      current_percentage: 80,
      limit_percentage: 80,
      safe: true,
    });
    const over = { ...snapshot(1_00_000_00, [2_00_000_00, 2_00_000_01]), equityPaise: 5_00_000_00 };
    expect(limitsStatus(over, DEFAULT_PAPER_LIMITS).exposure_status).toEqual({
      current_percentage: 80,
      limit_percentage: 80,
      safe: false,
    });
  });

  it('follows edited limits', () => {
    const limits = {
      ...DEFAULT_PAPER_LIMITS,
      max_portfolio_exposure: 0.3,
      max_positions_count: 1,
      min_balance_threshold: 6_00_000,
    };
    const status = limitsStatus(snapshot(5_00_000_00, [2_50_000_00]), limits);
    expect(status.exposure_status).toEqual({ current_percentage: 33.33, limit_percentage: 30, safe: false });
    expect(status.positions_status).toEqual({ current: 1, limit: 1, safe: false });
    expect(status.balance_status).toEqual({ current: 5_00_000, threshold: 6_00_000, safe: false });
  });

  it('reads an account with holdings but no equity as fully exposed', () => {
    const broken: AccountSnapshot = { ...snapshot(0, [1_000_00]), equityPaise: 0 };
    expect(limitsStatus(broken, DEFAULT_PAPER_LIMITS).exposure_status).toEqual({
      current_percentage: 100,
      limit_percentage: 80,
      safe: false,
    });
  });
});
