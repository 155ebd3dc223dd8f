import type { LoopReason, LoopRunState, TradingMode } from '../core/mode';
import type { MarketDataProvider } from '../engines/market/market-types';

/** What decides which automated loop runs. */
export interface LoopInputs {
  /** This instance leads: the loops run on the leader only. */
  leader: boolean;
  mode: TradingMode;
  halted: boolean;
  /** TRADING_LOOP: off means no automated orders at all. */
  loopEnabled: boolean;
  /** The Upstox account can trade (no problem reported). */
  brokerUsable: boolean;
  /** The start-up replay is still preparing the paper account. */
  preparing: boolean;
}

export interface LoopDecision {
  paper: LoopRunState;
  live: LoopRunState;
  reason: LoopReason;
}

const BOTH_STOPPED = { paper: 'stopped', live: 'stopped' } as const;

/**
 * Mock and paper modes run the paper loop; live mode runs the live one while Upstox can trade.
 * A follower instance runs neither (the leader does). A trading halt keeps both stopped; so does TRADING_LOOP=off; the paper loop waits for the
 * start-up replay to prepare the account.
 */
export function loopsFor(inputs: LoopInputs): LoopDecision {
  if (!inputs.leader) return { ...BOTH_STOPPED, reason: 'follower' };
  if (inputs.halted) return { ...BOTH_STOPPED, reason: 'halt' };
  if (!inputs.loopEnabled) return { ...BOTH_STOPPED, reason: 'loop-off' };
  if (inputs.mode === 'live') {
    return inputs.brokerUsable
      ? { paper: 'stopped', live: 'running', reason: 'mode' }
      : { ...BOTH_STOPPED, reason: 'broker-unavailable' };
  }
  if (inputs.preparing) return { ...BOTH_STOPPED, reason: 'preparing' };
  return { paper: 'running', live: 'stopped', reason: 'mode' };
}

/**
 * mock → the simulator; paper and live → Upstox when its session is valid, else Yahoo when enabled,
 * else the simulator, and the market status then names the simulator as the source.
 */
export function feedForMode(
  mode: TradingMode,
  feeds: { simulator: MarketDataProvider; upstox: MarketDataProvider; yahoo: MarketDataProvider | null },
  upstoxUsable: boolean,
): MarketDataProvider {
  if (mode === 'mock') return feeds.simulator;
  if (upstoxUsable) return feeds.upstox;
  return feeds.yahoo ?? feeds.simulator;
}
