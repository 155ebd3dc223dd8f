import { IndexCalculator } from '../market/instruments';
import type { Candle, Instrument } from '../market/market-types';
import type { Signal, SignalSource } from '../strategy';
import { sessionsOfBars } from './backtest-sessions';
import { runBacktest } from './run-backtest';
import { memoryLedger } from './test-support/memory-ledger';

const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

/** Ten one-minute bars from 09:15 closing at the given prices, a million shares a minute. */
function bars(symbol: string, date: string, closes: number[]): Candle[] {
  return closes.map((close, minute) => ({
    symbol,
    interval: '1m',
    openTime: at(date, '09:15') + minute * 60_000,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1_000_000,
    source: 'simulator',
  }));
}

/** BUY signals at the minutes a script names (decided at the bar's last millisecond), nothing otherwise. */
function scriptedSource(script: Record<number, [string, number][]>): SignalSource {
  return {
    name: 'scripted',
    rank: (_universe, now): Signal[] =>
      (script[now + 1 - 60_000] ?? []).map(([symbol, confidence]) => ({
        symbol,
        direction: 'BUY',
        score: 0.9,
        confidence,
        reasons: ['scripted'],
      })),
  };
}

const flat = (price: number) => Array.from({ length: 10 }, () => price);
const DAY1 = '2026-01-27';
const DAY2 = '2026-01-28';

// A three-stock NIFTY 50 (INFY weighs twice the others), at 26,000 when the prices stand at their base.
const member = (symbol: string, weight: number) =>
  ({ symbol, indexWeights: { NIFTY_50: weight } }) as unknown as Instrument;
const nifty = new IndexCalculator([member('INFY', 2), member('TCS', 1), member('SBIN', 1)], {
  basePrices: { INFY: 1_000_00, TCS: 2_000_00, SBIN: 500_00 },
  baseLevels: { NIFTY_50: 26_000, SENSEX: 85_000, BANK_NIFTY: 59_000 },
});
const nifty50Level = (prices: ReadonlyMap<string, number>) => nifty.level('NIFTY_50', prices);

const sessions = sessionsOfBars(
  [
    {
      date: DAY1,
      barsBySymbol: new Map([
        // INFY up 3 % from 09:17: its target.
        ['INFY', bars('INFY', DAY1, [1_000_00, 1_000_00, 1_030_50, ...flat(1_030_50).slice(3)])],
        ['TCS', bars('TCS', DAY1, flat(2_000_00))],
        // SBIN down 2 % from 09:20: its stop.
        ['SBIN', bars('SBIN', DAY1, [...flat(500_00).slice(0, 5), ...flat(489_00).slice(5)])],
      ]),
    },
    {
      date: DAY2,
      barsBySymbol: new Map([
        ['INFY', bars('INFY', DAY2, flat(1_030_50))],
        ['TCS', bars('TCS', DAY2, flat(2_000_00))],
        ['SBIN', bars('SBIN', DAY2, flat(489_00))],
      ]),
    },
  ],
  nifty50Level,
);

const source = scriptedSource({
  [at(DAY1, '09:15')]: [
    ['INFY', 0.9],
    ['TCS', 0.5],
  ],
  [at(DAY1, '09:18')]: [['SBIN', 0.9]],
  [at(DAY2, '09:15')]: [['TCS', 0.9]],
});

const settings = {
  capitalPaise: 10_00_000 * 100,
  allocation: 'moderate' as const,
  minConfidence: 0.6,
  stopLossPercent: 2,
  targetPercent: 3,
  maxHoldMinutes: 5,
  product: 'I' as const,
  brokeragePlan: 'flat' as const,
};

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

describe('runBacktest over crafted bars, 3 symbols, 2 sessions', () => {
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

  it('pairs the fills into closed trades with their share of the charges, and the Performance screen’s figures', async () => {
    const outcome = await runBacktest({ sessions, settings, source, openLedger: memoryLedger });
    if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
    const { result } = outcome;
    const trade = (symbol: string, entry: number, exit: number, minutes: number) => ({
      symbol,
      entryAt: entry + 59_999,
      exitAt: exit + 59_999,
      holdingMinutes: minutes,
    });
    expect(result.trades).toMatchObject([
      // 11 × (1,030.25 − 1,000.25) = 33,000 gross, less 2,433 + 2,684 of charges.
      {
        ...trade('INFY', at(DAY1, '09:15'), at(DAY1, '09:17'), 2),
        strategy: 'scripted',
        exitReason: 'exit:target',
        quantity: 11,
        entryPricePaise: 1_000_25,
        exitPricePaise: 1_030_25,
        grossPnlPaise: 33_000,
        chargesPaise: 5_117,
        netPnlPaise: 27_883,
      },
      // 21 × (488.85 − 500.15) = −23,730, less 2,430 + 2,654.
      {
        ...trade('SBIN', at(DAY1, '09:18'), at(DAY1, '09:20'), 2),
        exitReason: 'exit:stop_loss',
        grossPnlPaise: -23_730,
        chargesPaise: 5_084,
        netPnlPaise: -28_814,
      },
      // 6 × (1,999.55 − 2,000.45) = −540, less 2,440 + 2,704.
      {
        ...trade('TCS', at(DAY2, '09:15'), at(DAY2, '09:20'), 5),
        exitReason: 'exit:max_hold',
        grossPnlPaise: -540,
        chargesPaise: 5_144,
        netPnlPaise: -5_684,
      },
    ]);
    // The trades' net P&L adds up to the run's.
    expect(result.trades.reduce((sum, t) => sum + t.netPnlPaise, 0)).toBe(result.netPnlPaise);
    expect(result.metrics).toMatchObject({
      totalTrades: 3,
      winningTrades: 1,
      losingTrades: 2,
      winRate: expect.closeTo(33.3333, 4),
      avgWinPaise: 27_883,
      // (−28,814 − 5,684) / 2.
      avgLossPaise: -17_249,
      // 27,883 / 34,498.
      profitFactor: 27_883 / 34_498,
      expectancyPaise: -6_615 / 3,
      // Two days are no year: no annualised figure, as on the Performance screen.
      annualisedReturnPercent: null,
      // From 09:17 on day 1 (capital + 27,883, INFY sold at its target) to the end (capital − 6,615).
      maxDrawdownPaise: 34_498,
      maxDrawdownPercent: expect.closeTo((34_498 / 10_00_278_83) * 100, 9),
    });
    expect(result.monthly).toEqual([
      {
        month: '2026-01',
        pnlPaise: -6_615,
        returnPercent: expect.closeTo(-0.006615, 9),
        trades: 3,
        winRate: expect.closeTo(33.3333, 4),
        chargesPaise: 15_345,
      },
    ]);
  });

  it('computes Sharpe and Sortino at the risk-free rate it is given, RISK_FREE_RATE_PERCENT’s 6.5 % by default', async () => {
    const run = async (riskFreeRatePercent?: number) => {
      const outcome = await runBacktest({
        sessions,
        settings,
        source,
        openLedger: memoryLedger,
        ...(riskFreeRatePercent === undefined ? {} : { riskFreeRatePercent }),
      });
      if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
      return outcome.result.metrics;
    };
    const byDefault = await run();
    const atZero = await run(0);
    expect(byDefault.riskFreeRatePercent).toBe(6.5);
    expect(atZero.riskFreeRatePercent).toBe(0);
    // Returns of −0.00931 % and −0.05684 %: the same spread, a higher hurdle, a lower Sharpe.
    expect(byDefault.sharpeRatio!).toBeLessThan(atZero.sharpeRatio!);
  });

  it('draws equity from the capital before the first bar, every minute, beside the capital held in the NIFTY 50', async () => {
    const outcome = await runBacktest({ sessions, settings, source, openLedger: memoryLedger });
    if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
    const { equity, buyAndHold, equityStrideMinutes } = outcome.result;
    expect(equityStrideMinutes).toBe(1);
    // The start and 10 minutes of each session.
    expect(equity).toHaveLength(21);
    expect(equity[0]).toEqual({
      at: at(DAY1, '09:15'),
      equityPaise: 10_00_000_00,
      nifty50Paise: 10_00_000_00,
      drawdownPercent: 0,
    });
    // 09:15 on day 1: INFY bought 25 paise over the 1,000.00 close, 11 shares, and 2,433 of charges.
    expect(equity[1]).toMatchObject({ at: at(DAY1, '09:16'), equityPaise: 10_00_000_00 - 275 - 2_433 });
    expect(equity[3]).toMatchObject({ at: at(DAY1, '09:18'), equityPaise: 10_00_000_00 + 27_883 });
    expect(equity.at(-1)).toMatchObject({ at: at(DAY2, '09:25'), equityPaise: 10_00_000_00 - 6_615 });
    expect(equity.at(-1)!.drawdownPercent).toBeCloseTo((34_498 / 10_00_278_83) * 100, 2);
    // NIFTY 50 from 26,000 at the first open (every stock at its base) to the last close:
    // 26,000 × (2 × 1,030.50/1,000 + 2,000/2,000 + 489/500) / 4 = 26,000 × 1.00975 = 26,253.50.
    expect(buyAndHold).toEqual({
      startLevel: 26_000,
      endLevel: expect.closeTo(26_253.5, 6),
      finalValuePaise: 10_09_750_00,
    });
    expect(equity.at(-1)!.nifty50Paise).toBe(10_09_750_00);
    // Day 1 09:17: INFY at 1,030.50, the others at base: 26,000 × (2.061 + 2) / 4 = 26,396.50.
    expect(equity[3]!.nifty50Paise).toBe(10_15_250_00);
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

  it('tells its progress in bars after every minute, ending at the total', async () => {
    const seen: [number, number][] = [];
    await runBacktest({
      sessions,
      settings,
      source,
      openLedger: memoryLedger,
      onProgress: (done, total) => seen.push([done, total]),
    });
    expect(seen).toHaveLength(20);
    expect(seen[0]).toEqual([3, 60]);
    expect(seen.at(-1)).toEqual([60, 60]);
  });

  it('stops between minutes once cancelled, with no result, and leaves its ledger closed', async () => {
    const controller = new AbortController();
    let closed = false;
    const outcome = await runBacktest({
      sessions,
      settings,
      source,
      signal: controller.signal,
      openLedger: () => {
        const store = memoryLedger();
        const close = () => {
          closed = true;
          store.close();
        };
        return { storage: store.storage, close };
      },
      onProgress: (done) => {
        if (done === 15) controller.abort();
      },
    });
    expect(outcome).toEqual({ status: 'cancelled', barsDone: 15, totalBars: 60 });
    expect(closed).toBe(true);
  });

  it('fails, not completes, when the loop failed in most of its minutes, naming the error', async () => {
    const broken: SignalSource = {
      name: 'broken',
      rank: () => {
        throw new Error('the signal source is broken');
      },
    };
    await expect(
      runBacktest({ sessions, settings, source: broken, openLedger: memoryLedger }),
    ).rejects.toThrow(/The loop failed in 20 of 20 replayed minutes \(100\.0 %.*the signal source is broken/);
  });

  it('completes with the error listed when the loop failed in one minute in more than a hundred', async () => {
    let calls = 0;
    const once: SignalSource = {
      name: 'once',
      rank: (universe, now) => {
        calls += 1;
        if (calls === 1) throw new Error('one bad minute');
        return source.rank(universe, now);
      },
    };
    const long = sessionsOfBars(
      ['2026-01-27', '2026-01-28', '2026-01-29', '2026-01-30', '2026-02-02', '2026-02-03'].map((date) => ({
        date,
        barsBySymbol: new Map([
          [
            'INFY',
            bars(
              'INFY',
              date,
              Array.from({ length: 30 }, () => 150_000),
            ),
          ],
        ]),
      })),
    );
    const outcome = await runBacktest({ sessions: long, settings, source: once, openLedger: memoryLedger });
    expect(outcome.status).toBe('complete');
    if (outcome.status === 'complete') expect(outcome.result.errors).toEqual(['one bad minute']);
  });

  it('refuses sessions without bars with a sentence', async () => {
    await expect(runBacktest({ sessions: [], openLedger: memoryLedger })).rejects.toThrow(
      'The backtest has no one-minute bars to replay: choose a range with data.',
    );
  });
});
