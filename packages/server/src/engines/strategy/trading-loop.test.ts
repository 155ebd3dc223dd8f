import { DEFAULT_PAPER_LIMITS } from '../../core/orders';
import type { LoopLogger } from '../../core/ports/trading-venue';
import { MarketClock } from '../market/calendar';
import type { AllocationSettings } from './allocation/loop-allocation';
import { FakeVenue } from './test-support/fake-venue';
import { fixedSource } from './test-support/fixed-source';
import { linear, universeOf, wobble } from './test-support/minute-bars';
import { NO_CHARGES } from './test-support/no-charges';
import { TradingLoop, type TradingLoopOptions } from './trading-loop';

const ist = (wallTime: string) => Date.parse(`${wallTime}+05:30`);
const TEN_LAKH = 10_00_000 * 100;
const OPEN = ist('2026-01-27T11:00:00');

function setup(overrides: Partial<TradingLoopOptions> = {}) {
  let now = OPEN;
  const venue = new FakeVenue(TEN_LAKH, () => now);
  venue.prices.set('INFY', 1_000_00);
  venue.prices.set('TCS', 2_000_00);
  venue.prices.set('ITC', 400_00);
  const warnings: object[] = [];
  const log: LoopLogger = { info() {}, warn: (details) => warnings.push(details), error() {} };
  const source = fixedSource('momentum', {
    INFY: ['BUY', 0.9, 0.9],
    TCS: ['BUY', 0.7, 0.8],
    ITC: ['HOLD', 0, 0],
  });
  const loop = new TradingLoop({
    venue,
    clock: new MarketClock(),
    universe: () => [],
    source,
    log,
    // The fake venue charges nothing; the charges gate has its own tests below.
    chargeRates: () => NO_CHARGES,
    ...overrides,
  });
  return { venue, loop, source, warnings, setNow: (ts: number) => (now = ts) };
}

/** The state as a started loop reports it (runOnce alone leaves the scheduler stopped). */
const running = (loop: TradingLoop) => loop.state({ running: true, nextRunAt: null });

describe('TradingLoop', () => {
  it('places no orders and asks for no signals while the market is closed', () => {
    const { loop, venue, source } = setup();
    venue.hold('INFY', 10, 2_000_00);
    for (const closed of [
      ist('2026-01-27T09:14:00'),
      ist('2026-01-27T15:30:00'),
      ist('2026-01-26T11:00:00'),
    ]) {
      expect(loop.runOnce(closed)).toMatchObject({ marketOpen: false, orders: [] });
    }
    expect(venue.submitted).toEqual([]);
    expect(source.calls).toBe(0);
    expect(loop.state()).toMatchObject({
      marketOpen: false,
      decisions: 0,
      lastRunAt: ist('2026-01-26T11:00:00'),
      day: null,
      // A preview before the day's first run: 2.5 % of ₹9,90,000 (cash ₹9,80,000 + 10 INFY at ₹1,000).
      budgetPaise: 24_750_00,
    });
  });

  it('places nothing for a symbol whose order is still pending: no second buy, no second exit', () => {
    const { loop, venue } = setup();
    venue.prices.set('SBIN', 500_00);
    venue.hold('SBIN', 10, 600_00); // past the stop: an exit is due, but one is already in flight
    const pending = new Set(['INFY', 'SBIN']);
    Object.assign(venue, { pendingOrderSymbols: () => pending });
    const report = loop.runOnce(OPEN);
    expect(report.orders.map((o) => [o.side, o.symbol])).toEqual([['BUY', 'TCS']]);
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        { symbol: 'INFY', reason: expect.stringMatching(/still pending/) },
        { symbol: 'SBIN', reason: expect.stringMatching(/still pending/) },
      ]),
    );
    // Once the pending orders have ended, the next run trades them again.
    pending.clear();
    const next = loop.runOnce(OPEN + 60_000);
    expect(next.orders.map((o) => [o.side, o.symbol])).toEqual(
      expect.arrayContaining([
        ['SELL', 'SBIN'],
        ['BUY', 'INFY'],
      ]),
    );
  });

  it('exits first, then buys the best BUY signals, each order naming the strategy that decided it', () => {
    const { loop, venue } = setup({
      source: fixedSource('momentum', {
        INFY: ['BUY', 0.9, 0.9],
        TCS: ['SELL', -0.8, 0.9],
        ITC: ['BUY', 0.6, 0.8],
      }),
    });
    venue.prices.set('SBIN', 500_00);
    venue.hold('SBIN', 10, 600_00); // 16.7 % under cost: past the 8 % stop of Professional
    venue.hold('TCS', 5, 1_900_00); // ₹500 up: the SELL signal's gain covers its round trip's charges
    const report = loop.runOnce(OPEN);
    expect(report.orders.map((o) => [o.side, o.symbol, o.strategy])).toEqual([
      ['SELL', 'SBIN', 'exit:stop_loss'],
      ['SELL', 'TCS', 'momentum'],
      ['BUY', 'INFY', 'momentum'],
      ['BUY', 'ITC', 'momentum'],
    ]);
    expect(
      report.orders.every((o) => o.status === 'FILLED' && o.type === 'MARKET' && o.account === 'paper'),
    ).toBe(true);
  });

  it('spends a quarter of the moderate ₹25,000 budget per entry and tracks what is used', () => {
    const { loop } = setup();
    const report = loop.runOnce(OPEN);
    // ₹6,250 per entry: 6 INFY at ₹1,000 and 3 TCS at ₹2,000.
    expect(report.orders.map((o) => [o.symbol, o.quantity])).toEqual([
      ['INFY', 6],
      ['TCS', 3],
    ]);
    expect(loop.state()).toMatchObject({
      budgetPaise: 25_000_00,
      budgetUsedPaise: 12_000_00,
      budgetLeftPaise: 13_000_00,
      ordersPlacedToday: 2,
      decisions: 2,
      phase: { phase: 3, name: 'Expansion' },
      day: '2026-01-27',
    });
  });

  it('sizes an ai_optimized day with the AI recommendation on its BUY signals, and reads settings every run', () => {
    let settings: AllocationSettings = { strategy: 'ai_optimized' };
    const { loop } = setup({ allocation: () => settings });
    loop.runOnce(OPEN);
    // 2 of 4 opportunities at average confidence 0.85 → strength 0.425 → 1.5 % + 2.5 % × 0.425 = 2.5625 %;
    // volatility not measured counts as Moderate (× 0.85) → 2.2 %.
    expect(loop.state().budgetPaise).toBe(22_000_00);
    settings = { strategy: 'aggressive', manualPct: 1 };
    expect(loop.state().budgetPaise).toBe(10_000_00);
  });

  it('does not add to a name it already holds', () => {
    const { loop } = setup();
    loop.runOnce(OPEN);
    expect(loop.runOnce(OPEN + 60_000).orders).toEqual([]);
  });

  it('stops opening positions once the day loss reaches the phase limit, but still exits', () => {
    const { loop, venue } = setup();
    venue.hold('SBIN', 10, 600_00);
    venue.prices.set('SBIN', 500_00);
    // ₹10,00,000 equity is Expansion: 2.5 % = ₹24,975 of the ₹9,99,000 equity after the loss.
    venue.dayPnlOverride = -24_975_00;
    const report = loop.runOnce(OPEN);
    expect(report.orders.map((o) => o.strategy)).toEqual(['exit:stop_loss']);
    expect(loop.state().haltedReason).toMatch(/reached the Expansion phase's daily limit of 2.5 %/);
    venue.dayPnlOverride = 0;
    expect(loop.runOnce(OPEN + 60_000).orders).toEqual([]);
    expect(loop.runOnce(ist('2026-01-28T10:00:00')).orders.map((o) => o.side)).toEqual(['BUY', 'BUY']);
    expect(loop.state().haltedReason).toBeNull();
  });

  it('opens nothing from 15:20 IST, when the session end sells everything', () => {
    const { loop, venue } = setup();
    venue.hold('SBIN', 10, 600_00);
    venue.prices.set('SBIN', 600_00);
    expect(loop.runOnce(ist('2026-01-27T15:19:00')).orders.map((o) => o.side)).toEqual(['BUY', 'BUY']);
    const report = loop.runOnce(ist('2026-01-27T15:20:00'));
    expect(report.orders.map((o) => [o.symbol, o.strategy])).toEqual([
      ['INFY', 'exit:session_end'],
      ['SBIN', 'exit:session_end'],
      ['TCS', 'exit:session_end'],
    ]);
    expect(loop.runOnce(ist('2026-01-27T15:21:00')).orders).toEqual([]);
  });

  it('buys just under the limit', () => {
    const { loop, venue } = setup();
    venue.dayPnlOverride = -24_000_00;
    expect(loop.runOnce(OPEN).orders).toHaveLength(2);
  });

  it('counts and logs a rejected order without retrying it in the same run', () => {
    const { loop, venue, warnings } = setup();
    venue.rejectSymbols.add('INFY');
    const report = loop.runOnce(OPEN);
    expect(report.orders.map((o) => [o.symbol, o.status])).toEqual([
      ['INFY', 'REJECTED'],
      ['TCS', 'FILLED'],
    ]);
    expect(venue.submitted.filter((r) => r.symbol === 'INFY')).toHaveLength(1);
    expect(warnings).toEqual([
      expect.objectContaining({ symbol: 'INFY', reason: 'refused by the fake venue' }),
    ]);
    expect(loop.state()).toMatchObject({
      ordersRejectedToday: 1,
      ordersPlacedToday: 1,
      budgetUsedPaise: 6_000_00,
    });
  });

  it('records a failing run in its state instead of throwing', () => {
    const { loop } = setup({
      source: {
        name: 'broken',
        rank: () => {
          throw new Error('no bars');
        },
      },
    });
    expect(loop.runOnce(OPEN).error).toBe('no bars');
    expect(loop.state().lastError).toBe('no bars');
  });

  it('runs at once on start, then on its cadence, saying when the next run is due, until stopped', () => {
    jest.useFakeTimers();
    try {
      let now = OPEN;
      const { loop } = setup({ now: () => now, intervalMs: 30_000 });
      loop.start();
      expect(loop.state()).toMatchObject({
        running: true,
        lastRunAt: null,
        nextRunAt: OPEN,
        status: 'waiting',
      });
      jest.advanceTimersByTime(0);
      // The first run decided at once: two BUY orders, and the next run is one interval away.
      expect(loop.state()).toMatchObject({ lastRunAt: OPEN, decisions: 2, nextRunAt: OPEN + 30_000 });
      now = OPEN + 30_000;
      jest.advanceTimersByTime(30_000);
      expect(loop.state()).toMatchObject({ lastRunAt: OPEN + 30_000, nextRunAt: OPEN + 60_000 });
      loop.stop();
      jest.advanceTimersByTime(120_000);
      expect(loop.state()).toMatchObject({
        running: false,
        lastRunAt: OPEN + 30_000,
        nextRunAt: null,
        status: 'stopped',
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('records each order with the signal that decided it, and each skip with its reason', () => {
    const { loop, venue } = setup({
      source: fixedSource('momentum', {
        INFY: ['BUY', 0.9, 0.9],
        TCS: ['BUY', 0.7, 0.8],
        ITC: ['HOLD', 0, 0],
      }),
    });
    venue.rejectSymbols.add('TCS');
    Object.assign(venue, { pendingOrderSymbols: () => new Set(['ITC']) });
    loop.runOnce(OPEN);
    const state = running(loop);
    expect(state.recentDecisions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          symbol: 'INFY',
          side: 'BUY',
          quantity: 6,
          outcome: 'filled',
          reason: expect.stringMatching(/^BUY signal, score 0\.90, confidence 0\.90/),
        }),
        expect.objectContaining({ symbol: 'TCS', outcome: 'rejected', reason: 'refused by the fake venue' }),
        expect.objectContaining({
          symbol: 'ITC',
          outcome: 'skipped',
          reason: expect.stringMatching(/still pending/),
        }),
      ]),
    );
    expect(state).toMatchObject({
      status: 'active',
      statusText: expect.stringMatching(/^Trading momentum: 1 order today, last run 11:00 IST\./),
      lastRun: { at: OPEN, marketOpen: true, buySignals: 2, ordersPlaced: 1, ordersRejected: 1, skipped: 1 },
    });
  });

  it('says once, with a count, that the market is closed, instead of a line per minute', () => {
    const { loop } = setup();
    const closed = ist('2026-01-26T11:00:00'); // Republic Day
    for (let minute = 0; minute < 3; minute++) loop.runOnce(closed + minute * 60_000);
    expect(running(loop).recentDecisions).toEqual([
      expect.objectContaining({
        symbol: '*',
        outcome: 'waiting',
        reason: expect.stringMatching(/market closed/),
        repeats: 3,
      }),
    ]);
    expect(running(loop)).toMatchObject({
      status: 'waiting',
      statusText: expect.stringMatching(/^Market closed/),
    });
  });

  it('says which symbol lacks bars and how many it has while the signals cannot decide yet', () => {
    const bars = universeOf({ RELIANCE: linear(12, 250_000, 10), INFY: linear(12, 150_000, 5) });
    const { loop } = setup({ source: undefined, universe: () => bars });
    const report = loop.runOnce(OPEN);
    expect(report.orders).toEqual([]);
    expect(running(loop)).toMatchObject({
      status: 'waiting',
      statusText: expect.stringMatching(/needs 50 one-minute bars, has 12/),
    });
    expect(running(loop).recentDecisions[0]).toMatchObject({
      outcome: 'waiting',
      reason: expect.stringMatching(
        /^(RELIANCE|INFY): needs 50 one-minute bars, has 12 \(1 more symbols waiting for bars\)$/,
      ),
    });
  });

  it('reports a halted day and a failed run in its status', () => {
    const { loop, venue } = setup();
    venue.hold('SBIN', 10, 600_00);
    venue.prices.set('SBIN', 500_00);
    venue.dayPnlOverride = -24_975_00;
    loop.runOnce(OPEN);
    expect(running(loop)).toMatchObject({
      status: 'halted',
      statusText: expect.stringMatching(/^No new entries today: /),
    });
    const broken = setup({
      source: {
        name: 'broken',
        rank: () => {
          throw new Error('no bars');
        },
      },
    }).loop;
    broken.runOnce(OPEN);
    expect(running(broken)).toMatchObject({
      status: 'error',
      statusText: expect.stringMatching(/^The last run failed: no bars/),
    });
    expect(running(broken).recentDecisions[0]).toMatchObject({ outcome: 'error', reason: 'no bars' });
  });

  it('trades the default ensemble from minute bars in the continuous demo session', () => {
    const rising = linear(59, 100_000, 100);
    const bars = universeOf({
      PULLBACK: [...rising, rising[58]! - 1_000],
      FLAT: linear(60, 100_000, 0),
      B: wobble(60, 90_000, 40),
      C: wobble(60, 80_000, 30),
    });
    const { loop, venue } = setup({
      source: undefined,
      universe: () => bars,
      clock: new MarketClock({ continuousSession: true }),
    });
    venue.prices.set('PULLBACK', 104_800);
    const report = loop.runOnce(ist('2026-01-25T23:00:00'));
    expect(report.orders.map((o) => [o.symbol, o.side, o.strategy])).toEqual([
      ['PULLBACK', 'BUY', 'ensemble'],
    ]);
  });

  it('uses a changed strategy for the budget of its next run', () => {
    let settings: AllocationSettings = { strategy: 'conservative' };
    const { loop } = setup({ allocation: () => settings });
    const first = loop.runOnce(OPEN);
    expect(running(loop).budgetPaise).toBe(15_000_00);
    // ₹15,000 / 4 = ₹3,750 a slice: 3 INFY.
    expect(first.orders[0]).toMatchObject({ symbol: 'INFY', quantity: 3 });
    settings = { strategy: 'aggressive' };
    const next = loop.runOnce(OPEN + 60_000);
    expect(running(loop).budgetPaise).toBe(40_000_00);
    expect(running(loop).budgetLeftPaise).toBe(40_000_00 - running(loop).budgetUsedPaise);
    expect(next.orders).toEqual([]); // INFY and TCS are held: the budget changed, not the one-entry rule
  });

  it('refuses an entry whose round-trip charges are over the cap, and says why in the journal', () => {
    const { loop, venue } = setup({
      chargeRates: () => DEFAULT_PAPER_LIMITS,
      allocation: () => ({ strategy: 'moderate', dailyAmountPaise: 13_000_00 }),
    });
    venue.prices.set('TCS', 1_700_00);
    const report = loop.runOnce(OPEN);
    // INFY is raised to the economic ₹11,000 (intraday); the ₹2,000 left buys 1 TCS, whose charges are 2.9 % of it.
    expect(report.orders.map((o) => [o.symbol, o.quantity])).toEqual([['INFY', 11]]);
    expect(running(loop).recentDecisions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          symbol: 'TCS',
          outcome: 'skipped',
          reason: expect.stringMatching(
            /^round-trip charges ₹\d+ are \d+\.\d\d % of ₹1,700, over the 0\.5 % cap$/,
          ),
        }),
      ]),
    );
  });
});
