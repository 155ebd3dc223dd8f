import { runBacktest } from './run-backtest';
import { memoryLedger } from './test-support/memory-ledger';
import { at, DAY1, DAY2, sessions, settings, source } from './test-support/run-backtest-fixture';

const order = (
  time: number,
  symbol: string,
  side: 'BUY' | 'SELL',
  quantity: number,
  price: number,
  strategy: string,
) => ({
  at: time + 59_999,
  symbol,
  side,
  quantity,
  pricePaise: price,
  strategy,
});

describe('runBacktest’s orders and their charges, over crafted bars, 3 symbols, 2 sessions', () => {
  it('places each order the settings call for, at the paper broker’s fill, with the intraday contract note', async () => {
    const outcome = await runBacktest({ sessions, settings, source, openLedger: memoryLedger });
    if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
    const { result } = outcome;
    // Fills: the close ± (2 bps + 25 bps × √(quantity / a million)), to the 5-paise tick against the trader.
    // TCS's 0.5 confidence on day 1 is under the 0.6 minimum: no order.
    expect(
      result.orders.map(({ at, symbol, side, quantity, pricePaise, strategy }) => ({
        at,
        symbol,
        side,
        quantity,
        pricePaise,
        strategy,
      })),
    ).toEqual([
      order(at(DAY1, '09:15'), 'INFY', 'BUY', 11, 1_000_25, 'scripted'),
      // 1,030.50 × 11 is 3.02 % over the cost: the 3 % target.
      order(at(DAY1, '09:17'), 'INFY', 'SELL', 11, 1_030_25, 'exit:target'),
      order(at(DAY1, '09:18'), 'SBIN', 'BUY', 21, 500_15, 'scripted'),
      // 489 is 2.2 % under 500.15: the 2 % stop (the capital phase's own stop is 6 %).
      order(at(DAY1, '09:20'), 'SBIN', 'SELL', 21, 488_85, 'exit:stop_loss'),
      order(at(DAY2, '09:15'), 'TCS', 'BUY', 6, 2_000_45, 'scripted'),
      // Flat, so only the 5-minute maximum hold sells it.
      order(at(DAY2, '09:20'), 'TCS', 'SELL', 6, 1_999_55, 'exit:max_hold'),
    ]);
    expect(result.orders.every((o) => o.status === 'FILLED' && o.product === 'I')).toBe(true);
    // Hand-computed, half-up to the paisa: brokerage ₹20 flat; STT 0.025 % of a sale; NSE 0.00297 %;
    // SEBI ₹10/crore; GST 18 % of brokerage + NSE + SEBI; stamp 0.003 % of a buy.
    expect(result.orders.map((o) => o.charges)).toEqual([
      // 11 × 1,000.25 = 11,00,275 paise: NSE 32.68 → 33, SEBI 1.10 → 1, GST 18 % × 2,034 = 366.12 → 366, stamp 33.01 → 33.
      {
        brokerage: 2_000,
        stt: 0,
        exchangeTransaction: 33,
        sebiFee: 1,
        gst: 366,
        stampDuty: 33,
        total: 2_433,
      },
      // 11 × 1,030.25 = 11,33,275: STT 283.32 → 283, NSE 33.66 → 34, SEBI 1, GST 18 % × 2,035 = 366.30 → 366.
      {
        brokerage: 2_000,
        stt: 283,
        exchangeTransaction: 34,
        sebiFee: 1,
        gst: 366,
        stampDuty: 0,
        total: 2_684,
      },
      // 21 × 500.15 = 10,50,315: NSE 31.19 → 31, SEBI 1, GST 18 % × 2,032 = 365.76 → 366, stamp 31.51 → 32.
      {
        brokerage: 2_000,
        stt: 0,
        exchangeTransaction: 31,
        sebiFee: 1,
        gst: 366,
        stampDuty: 32,
        total: 2_430,
      },
      // 21 × 488.85 = 10,26,585: STT 256.65 → 257, NSE 30.49 → 30, SEBI 1, GST 18 % × 2,031 = 365.58 → 366.
      {
        brokerage: 2_000,
        stt: 257,
        exchangeTransaction: 30,
        sebiFee: 1,
        gst: 366,
        stampDuty: 0,
        total: 2_654,
      },
      // 6 × 2,000.45 = 12,00,270: NSE 35.65 → 36, SEBI 1, GST 18 % × 2,037 = 366.66 → 367, stamp 36.01 → 36.
      {
        brokerage: 2_000,
        stt: 0,
        exchangeTransaction: 36,
        sebiFee: 1,
        gst: 367,
        stampDuty: 36,
        total: 2_440,
      },
      // 6 × 1,999.55 = 11,99,730: STT 299.93 → 300, NSE 35.63 → 36, SEBI 1, GST 367.
      {
        brokerage: 2_000,
        stt: 300,
        exchangeTransaction: 36,
        sebiFee: 1,
        gst: 367,
        stampDuty: 0,
        total: 2_704,
      },
    ]);
    expect(result.chargesPaise).toBe(15_345);
    expect(result.turnoverPaise).toBe(67_10_450);
    // Gross: INFY +30.00 × 11 = 33,000; SBIN −11.30 × 21 = −23,730; TCS −0.90 × 6 = −540 → 8,730 less 15,345 of charges.
    expect(result.netPnlPaise).toBe(-6_615);
    expect(result.finalEquityPaise).toBe(10_00_000_00 - 6_615);
    // Day 1: 33,000 − 23,730 − (2,433 + 2,684 + 2,430 + 2,654) = −931.
    expect(result.sessions).toEqual([
      { date: DAY1, orders: 4, endEquityPaise: 10_00_000_00 - 931 },
      { date: DAY2, orders: 2, endEquityPaise: 10_00_000_00 - 6_615 },
    ]);
    expect(result.bars).toBe(60);
  });

  it('charges a delivery backtest as delivery: STT 0.1 % both sides, stamp 0.015 % on the buy', async () => {
    const outcome = await runBacktest({
      sessions,
      settings: { ...settings, product: 'D' },
      source,
      openLedger: memoryLedger,
    });
    if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
    const [buy] = outcome.result.orders;
    expect(buy).toMatchObject({ symbol: 'INFY', product: 'D', quantity: 11, pricePaise: 1_000_25 });
    // 11,00,275 paise: STT 1,100.28 → 1,100, stamp 165.04 → 165, the rest as intraday.
    expect(buy!.charges).toEqual({
      brokerage: 2_000,
      stt: 1_100,
      exchangeTransaction: 33,
      sebiFee: 1,
      gst: 366,
      stampDuty: 165,
      total: 3_665,
    });
  });
});
