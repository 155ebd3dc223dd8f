import { DEFAULT_PAPER_LIMITS, type Position } from '../../core/orders';
import { MarketClock } from '../market/calendar';
import { decideSignalExit, EXIT_RULES, exitLevels, planExits, roundTripOfPosition } from './exits';
import { FakeVenue } from './test-support/fake-venue';
import { fixedSource } from './test-support/fixed-source';
import { TradingLoop } from './trading-loop';

const ist = (wallTime: string) => Date.parse(`${wallTime}+05:30`);
const professional = { emergencyStopLossPercent: 8 };
// 10 shares bought at ₹1,000.00: stop at ₹920.00, target (2 × 8 %) at ₹1,160.00.
const held: Position = {
  symbol: 'INFY',
  quantity: 10,
  costPaise: 10 * 1_000_00,
  realisedPnlPaise: 0,
  openedAt: ist('2026-01-27T10:00:00'),
  updatedAt: ist('2026-01-27T10:00:00'),
};

function exitsAt(price: number | undefined, wallTime = '2026-01-27T11:00:00', continuousSession = false) {
  return planExits({
    positions: [held],
    lastPrice: () => price,
    phase: professional,
    now: ist(wallTime),
    continuousSession,
    account: 'paper',
  });
}

describe('planExits', () => {
  it('sells every share at the stop-loss exactly at the threshold, and not a paisa above it', () => {
    expect(exitsAt(920_00)).toEqual([
      {
        account: 'paper',
        symbol: 'INFY',
        side: 'SELL',
        type: 'MARKET',
        quantity: 10,
        strategy: 'exit:stop_loss',
      },
    ]);
    expect(exitsAt(920_01)).toEqual([]);
    expect(exitsAt(500_00)[0]!.strategy).toBe('exit:stop_loss');
  });

  it('takes profit at twice the stop distance above cost', () => {
    expect(exitsAt(1_159_99)).toEqual([]);
    expect(exitsAt(1_160_00)[0]!.strategy).toBe('exit:target');
  });

  it("takes profit at a backtest's own target percent instead, and sells past its maximum hold", () => {
    const rules = { ...EXIT_RULES, targetPercent: 3, maxHoldMs: 45 * 60_000 };
    const at = (price: number, wallTime: string) =>
      planExits({
        positions: [held],
        lastPrice: () => price,
        phase: professional,
        now: ist(wallTime),
        continuousSession: false,
        account: 'paper',
        rules,
      });
    expect(at(1_029_99, '2026-01-27T10:44:59')).toEqual([]);
    expect(at(1_030_00, '2026-01-27T10:10:00')[0]!.strategy).toBe('exit:target');
    expect(at(1_000_00, '2026-01-27T10:45:00')[0]!.strategy).toBe('exit:max_hold');
    expect(exitLevels(held, professional, rules)).toEqual({ stopLossPaise: 920_00, targetPaise: 1_030_00 });
  });

  it('sells everything from 15:20 IST in a normal session, priced or not', () => {
    expect(exitsAt(1_000_00, '2026-01-27T15:19:59')).toEqual([]);
    expect(exitsAt(1_000_00, '2026-01-27T15:20:00')[0]!.strategy).toBe('exit:session_end');
    expect(exitsAt(undefined, '2026-01-27T15:25:00')[0]!.strategy).toBe('exit:session_end');
  });

  it('names the stop-loss when the stop and the session end both apply', () => {
    expect(exitsAt(900_00, '2026-01-27T15:25:00')[0]!.strategy).toBe('exit:stop_loss');
  });

  it('in the continuous demo session, exits after the holding period instead of at 15:20', () => {
    expect(EXIT_RULES.holdingPeriodMs).toBe(30 * 60_000);
    expect(exitsAt(1_000_00, '2026-01-27T10:29:59', true)).toEqual([]);
    expect(exitsAt(1_000_00, '2026-01-27T10:30:00', true)[0]!.strategy).toBe('exit:session_end');
    const lateBuy = { ...held, openedAt: ist('2026-01-27T15:10:00') };
    const at1525 = planExits({
      positions: [lateBuy],
      lastPrice: () => 1_000_00,
      phase: professional,
      now: ist('2026-01-27T15:25:00'),
      continuousSession: true,
      account: 'paper',
    });
    expect(at1525).toEqual([]);
  });

  it('ignores flat positions and marks replayed orders', () => {
    const orders = planExits({
      positions: [{ ...held, quantity: 0, costPaise: 0 }, held],
      lastPrice: () => 900_00,
      phase: professional,
      now: ist('2026-01-27T11:00:00'),
      continuousSession: false,
      account: 'paper',
      simulatedReplay: true,
    });
    expect(orders).toHaveLength(1);
    expect(orders[0]!.simulatedReplay).toBe(true);
  });

  it('gives the stop and target levels for the risk screen', () => {
    expect(exitLevels(held, professional)).toEqual({ stopLossPaise: 920_00, targetPaise: 1_160_00 });
  });
});

// 20 shares bought at ₹1,000.00 at 10:30 IST, weighed with the default charges as an intraday round trip.
const bought = { quantity: 20, costPaise: 20 * 1_000_00, openedAt: ist('2026-01-27T10:30:00') };
const signalExitAt = (pricePaise: number | undefined, wallTime = '2026-01-27T11:00:00') =>
  decideSignalExit({ position: bought, pricePaise, now: ist(wallTime), rates: DEFAULT_PAPER_LIMITS });

describe('decideSignalExit', () => {
  it('counts both contract notes of the round trip, to the paisa', () => {
    // Buy ₹20,000 intraday: brokerage ₹20 + no STT + exchange 0.00297 % ₹0.59 + SEBI ₹0.02
    //   + GST 18 % × ₹20.61 = ₹3.71 + stamp 0.003 % ₹0.60 = ₹24.92.
    // Sell ₹20,100: ₹20 + STT 0.025 % ₹5.03 (502.5 paise, half-up) + ₹0.60 + ₹0.02 + GST ₹3.71 = ₹29.36.
    expect(roundTripOfPosition(bought, 1_005_00, DEFAULT_PAPER_LIMITS)).toBe(24_92 + 29_36);
    // Held overnight it has converted to delivery: both notes at delivery rates.
    expect(roundTripOfPosition(bought, 1_005_00, DEFAULT_PAPER_LIMITS, 'D')).toBeGreaterThan(90_00);
  });

  it('holds a winner whose gain does not yet cover 1.5 × the round-trip charges, and says so in rupees', () => {
    expect(signalExitAt(1_003_00)).toEqual({
      sell: false,
      reason:
        'gain ₹60 does not cover round-trip charges ₹54.27 × 1.5; holding (sells past the loss cut or after 240 min)',
    });
  });

  it('sells once the gain covers 1.5 × the charges, and not a tick before', () => {
    // At ₹1,004.05 the gain is ₹81 against ⌈1.5 × ₹54.27⌉ = ₹81.41; one ₹0.05 tick higher it is ₹82.
    expect(signalExitAt(1_004_05).sell).toBe(false);
    expect(signalExitAt(1_004_10)).toEqual({
      sell: true,
      reason: 'gain ₹82 covers round-trip charges ₹54.27',
    });
  });

  it('cuts a loser on the signal at 2 % under cost, and holds a smaller loss that selling would only deepen', () => {
    expect(signalExitAt(980_00)).toEqual({ sell: true, reason: 'down ₹400 (2.00 %), past the 2 % loss cut' });
    expect(signalExitAt(980_05)).toEqual({
      sell: false,
      reason:
        'down ₹399 (1.99 %), inside the 2 % loss cut, and selling adds ₹54.13 of charges; holding (sells past the loss cut or after 240 min)',
    });
  });

  it('sells whatever the gain once the position has been held four hours', () => {
    expect(signalExitAt(1_002_00, '2026-01-27T14:29:59').sell).toBe(false);
    expect(signalExitAt(1_002_00, '2026-01-27T14:30:00')).toEqual({
      sell: true,
      reason: 'held 240 min, past the 240-minute limit',
    });
  });

  it('follows the signal when there is no price to weigh the charges against', () => {
    expect(signalExitAt(undefined).sell).toBe(true);
  });

  it('takes its thresholds from the rules it is given', () => {
    const rules = { ...EXIT_RULES, chargesCoverMultiple: 1, signalLossCutPercent: 0.5 };
    const at = (pricePaise: number) =>
      decideSignalExit({
        position: bought,
        pricePaise,
        now: ist('2026-01-27T11:00:00'),
        rates: DEFAULT_PAPER_LIMITS,
        rules,
      });
    // At ₹1,002.75 the gain is ₹55 against ₹54.26 of charges: enough at 1 ×, not at the default 1.5 ×.
    expect(at(1_002_75)).toEqual({ sell: true, reason: 'gain ₹55 covers round-trip charges ₹54.26' });
    expect(signalExitAt(1_002_75).sell).toBe(false);
    expect(at(995_00)).toMatchObject({
      sell: true,
      reason: expect.stringMatching(/past the 0.5 % loss cut/),
    });
  });
});

describe('the trading loop on a SELL signal', () => {
  function loopHolding(pricePaise: number) {
    let now = ist('2026-01-27T11:00:00');
    const venue = new FakeVenue(10_00_000 * 100, () => now);
    venue.prices.set('INFY', 1_000_00);
    venue.hold('INFY', 20, 1_000_00, ist('2026-01-27T10:30:00'));
    venue.prices.set('INFY', pricePaise);
    const loop = new TradingLoop({
      venue,
      clock: new MarketClock(),
      universe: () => [],
      source: fixedSource('ensemble', { INFY: ['SELL', -0.6, 0.8] }),
      chargeRates: () => DEFAULT_PAPER_LIMITS,
    });
    const run = (wallTime: string) => {
      now = ist(wallTime);
      return loop.runOnce(now);
    };
    return { venue, loop, run };
  }

  it('holds a position whose gain does not cover its charges, and the journal says why', () => {
    const { loop, run } = loopHolding(1_003_00);
    const report = run('2026-01-27T11:00:00');
    expect(report.orders).toEqual([]);
    expect(loop.state().recentDecisions[0]).toMatchObject({
      symbol: 'INFY',
      outcome: 'skipped',
      reason: expect.stringMatching(
        /^SELL signal, gain ₹60 does not cover round-trip charges ₹54.27 × 1.5; holding/,
      ),
    });
  });

  it('sells on the signal once the gain covers the charges, naming both in the journal', () => {
    const { loop, run } = loopHolding(1_010_00);
    const report = run('2026-01-27T11:00:00');
    expect(report.orders.map((o) => [o.side, o.symbol, o.quantity, o.strategy])).toEqual([
      ['SELL', 'INFY', 20, 'ensemble'],
    ]);
    expect(loop.state().recentDecisions[0]!.reason).toMatch(
      /^SELL signal, score -0.60.*; gain ₹200 covers round-trip charges ₹54.30$/,
    );
  });

  it('never holds a loser for its charges: the hard stop-loss sells whatever the signal rule would say', () => {
    // ₹10,00,000 less a little is Expansion: a 7 % stop at ₹930.
    const { run } = loopHolding(930_00);
    expect(run('2026-01-27T11:00:00').orders.map((o) => [o.symbol, o.strategy])).toEqual([
      ['INFY', 'exit:stop_loss'],
    ]);
  });
});
