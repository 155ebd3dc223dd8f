import type { AccountId, OrderRequest, PaperLimits, Position, Product } from '../../core/orders';
import { istMsOfDay } from '../../core/time/ist-time';
import { computeCharges } from '../broker/charges';
import { formatRupeesForMessage as rupees } from '../broker/limits';
import { istDateOf } from '../market/calendar';
import type { TradingPhase } from './phases';

export type ExitStrategy = 'exit:stop_loss' | 'exit:target' | 'exit:session_end' | 'exit:max_hold';

export interface ExitRules {
  /** The target sits this many stop distances above cost: 2 → a 16 % target for an 8 % stop. */
  targetMultiple: number;
  /** IST minutes after midnight from which a normal session sells everything (15:20). */
  sessionEndIstMinutes: number;
  /** The continuous demo session never ends: a position is closed after this long instead. */
  holdingPeriodMs: number;
  /**
   * A SELL signal closes a position in profit only once its gain is at least this many times its
   * round trip's charges (both contract notes): 1.5 → the trade keeps at least half the charges again.
   */
  chargesCoverMultiple: number;
  /** ...or once it is this percent below its average cost: the signal confirms a loser, cut it. */
  signalLossCutPercent: number;
  /** ...or once it has been held this long: the trade has had its chance. */
  signalMaxHoldMs: number;
  /** A target this percent above cost instead of targetMultiple stop distances (a backtest's setting). */
  targetPercent?: number;
  /** Any position held this long is sold, whatever its signal says (a backtest's setting; the loop has none). */
  maxHoldMs?: number;
}

export const EXIT_RULES: ExitRules = {
  targetMultiple: 2,
  // Ten minutes before the 15:30 close, so market orders meet a liquid book, not the closing auction.
  sessionEndIstMinutes: 15 * 60 + 20,
  holdingPeriodMs: 30 * 60_000,
  // docs/decisions/0015 "Charge-aware exits": the setting kept after measuring three on two seeds.
  chargesCoverMultiple: 1.5,
  signalLossCutPercent: 2,
  signalMaxHoldMs: 240 * 60_000,
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
  const target = rules.targetPercent !== undefined ? rules.targetPercent / 100 : rules.targetMultiple * stop;
  return {
    stopLossPaise: Math.round(average * (1 - stop)),
    targetPaise: Math.round(average * (1 + target)),
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
    const targetBasisPoints =
      rules.targetPercent !== undefined
        ? Math.round(rules.targetPercent * 100)
        : rules.targetMultiple * stopBasisPoints;
    const value = price * position.quantity * 10_000;
    if (value <= position.costPaise * (10_000 - stopBasisPoints)) return 'exit:stop_loss';
    if (value >= position.costPaise * (10_000 + targetBasisPoints)) return 'exit:target';
  }
  if (rules.maxHoldMs !== undefined && input.now - position.openedAt >= rules.maxHoldMs)
    return 'exit:max_hold';
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

/** Whether a SELL signal closes a holding now, and the sentence the loop's journal shows. */
export interface SignalExitDecision {
  sell: boolean;
  reason: string;
}

export interface SignalExitInput {
  position: Pick<Position, 'quantity' | 'costPaise' | 'openedAt'>;
  /** The last price, paise; undefined when the feed has none. */
  pricePaise: number | undefined;
  now: number;
  /** The venue's charges model. */
  rates: PaperLimits;
  rules?: ExitRules;
}

/** Both contract notes of the round trip: the buy that built the cost, the sell at `pricePaise`. */
export function roundTripOfPosition(
  position: Pick<Position, 'quantity' | 'costPaise'>,
  pricePaise: number,
  rates: PaperLimits,
  product: Product = 'I',
): number {
  // One buy order worth the cost: every line but the flat brokerage scales with turnover.
  const buy = computeCharges({ side: 'BUY', quantity: 1, price: position.costPaise, product }, rates);
  const sell = computeCharges(
    { side: 'SELL', quantity: position.quantity, price: pricePaise, product },
    rates,
  );
  return buy.total + sell.total;
}

/**
 * A SELL signal is a reason to leave, not an order to pay the charges for a move that has not
 * covered them: it sells a winner whose gain covers the round trip's charges × the multiple, a
 * loser past the loss cut, or anything held past the maximum hold; otherwise the position is held
 * (the stop-loss, target and session end still apply to it on every run).
 */
export function decideSignalExit(input: SignalExitInput): SignalExitDecision {
  const rules = input.rules ?? EXIT_RULES;
  const { position, pricePaise } = input;
  if (pricePaise === undefined || pricePaise <= 0 || position.quantity <= 0) {
    return { sell: true, reason: 'no price to weigh the charges against: following the signal' };
  }
  const gain = pricePaise * position.quantity - position.costPaise;
  // The loop's positions are intraday; one carried overnight has converted to delivery.
  const product = istDateOf(position.openedAt) === istDateOf(input.now) ? 'I' : 'D';
  const charges = roundTripOfPosition(position, pricePaise, input.rates, product);
  const needed = Math.ceil(charges * rules.chargesCoverMultiple);
  if (gain >= needed) {
    return { sell: true, reason: `gain ${rupees(gain)} covers round-trip charges ${rupees(charges)}` };
  }
  // Integers: loss × 10,000 against cost × basis points, as the stop-loss compares.
  const cutBasisPoints = Math.round(rules.signalLossCutPercent * 100);
  const down = `down ${rupees(-gain)} (${percentBelow(gain, position.costPaise)})`;
  if (-gain * 10_000 >= position.costPaise * cutBasisPoints) {
    return { sell: true, reason: `${down}, past the ${rules.signalLossCutPercent} % loss cut` };
  }
  const maxMinutes = Math.round(rules.signalMaxHoldMs / 60_000);
  if (input.now - position.openedAt >= rules.signalMaxHoldMs) {
    const minutes = Math.floor((input.now - position.openedAt) / 60_000);
    return { sell: true, reason: `held ${minutes} min, past the ${maxMinutes}-minute limit` };
  }
  const cover = rules.chargesCoverMultiple === 1 ? '' : ` × ${rules.chargesCoverMultiple}`;
  const standing =
    gain >= 0
      ? `gain ${rupees(gain)} does not cover round-trip charges ${rupees(charges)}${cover}`
      : `${down}, inside the ${rules.signalLossCutPercent} % loss cut, and selling adds ${rupees(charges)} of charges`;
  // No minute counter in the sentence: the journal folds a decision repeated word for word.
  return { sell: false, reason: `${standing}; holding (sells past the loss cut or after ${maxMinutes} min)` };
}

/** How far below cost, percent with two decimals, cut towards zero so 0.995 % never reads 1.00 %. */
function percentBelow(gain: number, cost: number): string {
  const basisPoints = Math.floor((-gain * 10_000) / cost);
  return `${(basisPoints / 100).toFixed(2)} %`;
}
