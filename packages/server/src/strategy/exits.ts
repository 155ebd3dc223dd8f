import type { AccountId, OrderRequest, Position } from '../broker/broker-types';
import { istMsOfDay } from '../market/calendar/ist-time';
import type { TradingPhase } from './phases';

export type ExitStrategy = 'exit:stop_loss' | 'exit:target' | 'exit:session_end';

export interface ExitRules {
  /** The target sits this many stop distances above cost: 2 → a 16 % target for an 8 % stop. */
  targetMultiple: number;
  /** IST minutes after midnight from which a normal session sells everything (15:20). */
  sessionEndIstMinutes: number;
  /** The continuous demo session never ends: a position is closed after this long instead. */
  holdingPeriodMs: number;
}

export const EXIT_RULES: ExitRules = {
  targetMultiple: 2,
  // Ten minutes before the 15:30 close, so market orders meet a liquid book, not the closing auction.
  sessionEndIstMinutes: 15 * 60 + 20,
  holdingPeriodMs: 30 * 60_000,
};

export interface ExitInput {
  positions: readonly Position[];
  lastPrice: (symbol: string) => number | undefined;
  phase: Pick<TradingPhase, 'emergencyStopLossPercent'>;
  now: number;
  /** The simulator's always-open demo session (MarketSession.simulated). */
  continuousSession: boolean;
  account: AccountId;
  rules?: ExitRules;
  simulatedReplay?: boolean;
}

/** Where a position's stop-loss and target sit, paise per share (rounded for display). */
export function exitLevels(
  position: Pick<Position, 'quantity' | 'costPaise'>,
  phase: Pick<TradingPhase, 'emergencyStopLossPercent'>,
  rules: ExitRules = EXIT_RULES,
): { stopLossPaise: number; targetPaise: number } {
  const average = position.costPaise / position.quantity;
  const stop = phase.emergencyStopLossPercent / 100;
  return {
    stopLossPaise: Math.round(average * (1 - stop)),
    targetPaise: Math.round(average * (1 + rules.targetMultiple * stop)),
  };
}

/**
 * The SELL orders that close positions which hit their stop-loss (at or below the phase's
 * emergency stop under average cost), reached their target, or ran out of session. One order
 * per position, for all its shares; the stop is named first when several apply.
 */
export function planExits(input: ExitInput): OrderRequest[] {
  const rules = input.rules ?? EXIT_RULES;
  const requests: OrderRequest[] = [];
  for (const position of input.positions) {
    if (position.quantity <= 0) continue;
    const strategy = exitFor(position, input, rules);
    if (!strategy) continue;
    requests.push({
      account: input.account,
      symbol: position.symbol,
      side: 'SELL',
      type: 'MARKET',
      quantity: position.quantity,
      strategy,
      ...(input.simulatedReplay ? { simulatedReplay: true } : {}),
    });
  }
  return requests;
}

function exitFor(position: Position, input: ExitInput, rules: ExitRules): ExitStrategy | null {
  const price = input.lastPrice(position.symbol);
  if (price !== undefined && price > 0) {
    // Integers only: price × qty × 10,000 against cost × (10,000 ∓ basis points), so a price
    // exactly at the threshold triggers and no float rounding moves it by a paisa.
    const stopBasisPoints = Math.round(input.phase.emergencyStopLossPercent * 100);
    const value = price * position.quantity * 10_000;
    if (value <= position.costPaise * (10_000 - stopBasisPoints)) return 'exit:stop_loss';
    if (value >= position.costPaise * (10_000 + rules.targetMultiple * stopBasisPoints)) return 'exit:target';
  }
  if (input.continuousSession) {
    return input.now - position.openedAt >= rules.holdingPeriodMs ? 'exit:session_end' : null;
  }
  return isPastSessionEnd(input.now, false, rules) ? 'exit:session_end' : null;
}

/** From 15:20 IST in a normal session everything is sold, so nothing new may be bought either. */
export function isPastSessionEnd(
  now: number,
  continuousSession: boolean,
  rules: ExitRules = EXIT_RULES,
): boolean {
  return !continuousSession && istMsOfDay(now) >= rules.sessionEndIstMinutes * 60_000;
}
