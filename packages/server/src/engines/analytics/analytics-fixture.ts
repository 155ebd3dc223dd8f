import type { AnalyticsSource } from '@td/contracts';
import type { LedgerHistoryInput } from './ledger-history';
import type { AnalyticsFill } from './round-trips';

/** The instant of hh:mm IST on a day of March 2026. */
export const istMarch = (day: number, hours: number, minutes = 0) =>
  Date.UTC(2026, 2, day, hours, minutes) - 330 * 60_000;

export const FIXTURE_SOURCE: AnalyticsSource = {
  account: 'paper',
  trading_mode: 'paper',
  simulated: false,
  description: 'Paper account, real prices',
};

/** The fixture's sessions in March 2026. */
export const FIXTURE_SESSIONS: ReadonlySet<string> = new Set(
  [2, 5, 9, 10, 12, 16, 17, 20, 24, 27, 31].map((day) => `2026-03-${String(day).padStart(2, '0')}`),
);

const QUANTITY = 10;
const CHARGES = 1_000; // ₹10 a fill

/** One round trip of 10 shares bought at ₹1,000 whose net P&L (after ₹10 + ₹10 charges) is `netRupees`. */
function trade(
  symbol: string,
  strategy: string,
  netRupees: number,
  entry: number,
  exit: number,
): AnalyticsFill[] {
  // exit price = 1000 + (net + 20) / 10 rupees, e.g. +1000 → ₹1,102.
  const exitPrice = 100_000 + ((netRupees + 20) * 100) / QUANTITY;
  const fill = (side: 'BUY' | 'SELL', pricePaise: number, ts: number): AnalyticsFill => ({
    symbol,
    side,
    quantity: QUANTITY,
    pricePaise,
    chargesPaise: CHARGES,
    ts,
    strategy,
  });
  return [fill('BUY', 100_000, entry), fill('SELL', exitPrice, exit)];
}

const intraday = (symbol: string, strategy: string, net: number, day: number) =>
  trade(symbol, strategy, net, istMarch(day, 10), istMarch(day, 14));

/**
 * Ten trades over 30 days (2026-03-02 … 2026-03-31) on ₹1,00,000, with a ₹10,000 deposit on the 17th.
 * INFY trades 1–5, TCS 6–10; odd trades are `momentum`, even ones `mean_reversion`. Trade 5 is held
 * overnight (16th 10:00 → 17th 11:00) across a ₹1,100 close; all others are 10:00 → 14:00 the same day.
 * The fixture's own calendar (not NSE's) has eleven sessions: the ten trading days and the 10th, with
 * nothing open; every other day is a weekend or holiday.
 */
export function tenTradeFixture(): LedgerHistoryInput {
  const fills = [
    ...intraday('INFY', 'momentum', 1_000, 2),
    ...intraday('INFY', 'mean_reversion', -500, 5),
    ...intraday('INFY', 'momentum', 2_000, 9),
    ...intraday('INFY', 'mean_reversion', -1_000, 12),
    ...trade('INFY', 'momentum', 1_500, istMarch(16, 10), istMarch(17, 11)),
    ...intraday('TCS', 'mean_reversion', 500, 17),
    ...intraday('TCS', 'momentum', -1_500, 20),
    ...intraday('TCS', 'mean_reversion', 1_000, 24),
    ...intraday('TCS', 'momentum', -500, 27),
    ...intraday('TCS', 'mean_reversion', 2_000, 31),
  ].sort((a, b) => a.ts - b.ts);
  return {
    baseline: { ts: istMarch(2, 9), capitalPaise: 10_000_000 },
    flows: [{ ts: istMarch(17, 9), amountPaise: 1_000_000 }],
    fills,
    now: istMarch(31, 15, 45),
    isSession: (date) => FIXTURE_SESSIONS.has(date),
    closes: (symbol) => (symbol === 'INFY' ? new Map([['2026-03-16', 110_000]]) : undefined),
  };
}
