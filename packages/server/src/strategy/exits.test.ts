import type { Position } from '../broker/broker-types';
import { EXIT_RULES, exitLevels, planExits } from './exits';

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
