import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import { account, buy, check, rejected, sell } from './order-limits-test-kit';

describe('maximum daily loss', () => {
  const losing = (dayPnl: number) =>
    account({ cash: 5_00_000, holdings: [['RELIANCE', 16, 40_000]], dayPnl });
  const breach =
    "Order rejected: today's loss of ₹25,000 has reached the ₹25,000 maximum daily loss; only sells are allowed for the rest of the day.";

  it('passes a buy one paisa short of the limit', () => {
    expect(check(buy('INFY', 1, 1_000), losing(-24_999.99))).toEqual({ ok: true });
  });

  it('rejects new buys once the loss reaches the limit exactly', () => {
    expect(check(buy('INFY', 1, 1_000), losing(-25_000))).toEqual(rejected('max_daily_loss', breach));
  });

  it('names the breach before any other broken rule', () => {
    expect(check(buy('INFY', 1_000, 1_000), losing(-25_000))).toEqual(rejected('max_daily_loss', breach));
  });

  it('still allows sells that reduce risk during the breach', () => {
    expect(check(sell('RELIANCE', 16, 2_400), losing(-40_000))).toEqual({ ok: true });
  });

  it('never trips on a winning or flat day, even with a limit of ₹0', () => {
    const zero = { ...DEFAULT_PAPER_LIMITS, max_daily_loss: 0 };
    expect(check(buy('INFY', 1, 1_000), losing(0), zero)).toEqual({ ok: true });
    expect(check(buy('INFY', 1, 1_000), losing(1_000), zero)).toEqual({ ok: true });
    expect(check(buy('INFY', 1, 1_000), losing(-0.01), zero)).toMatchObject({
      ok: false,
      code: 'max_daily_loss',
    });
  });
});

describe('selling', () => {
  it('sells every share held', () => {
    expect(check(sell('RELIANCE', 16, 2_500))).toEqual({ ok: true });
  });

  it('rejects selling one share more than held, even during a daily-loss breach', () => {
    const state = account({ cash: 5_00_000, holdings: [['RELIANCE', 16, 40_000]], dayPnl: -30_000 });
    expect(check(sell('RELIANCE', 17, 2_500), state)).toEqual(
      rejected(
        'insufficient_shares',
        'Order rejected: cannot sell 17 RELIANCE with only 16 held; the paper account does not sell short.',
      ),
    );
  });

  it('rejects selling a stock not held at all', () => {
    expect(check(sell('WIPRO', 5, 450))).toEqual(
      rejected(
        'insufficient_shares',
        'Order rejected: cannot sell 5 WIPRO with only 0 held; the paper account does not sell short.',
      ),
    );
  });

  it('ignores cash, size and exposure limits on a sell', () => {
    const broke = account({ cash: 0, holdings: [['RELIANCE', 100, 2_45_000]], equity: 2_45_000 });
    expect(check(sell('RELIANCE', 1, 2_450), broke)).toEqual({ ok: true });
  });
});
