import type { TradingMode } from '@td/contracts';
import type { AccountId } from './orders';

export type { TradingMode };

/** Mock and paper modes trade the paper account; live mode the broker (Upstox) account. The one place saying so. */
export function accountForMode(mode: TradingMode): AccountId {
  return mode === 'live' ? 'live' : 'paper';
}

/** How an engine reads the trading mode: it never stores or computes it itself. */
export interface ModeReader {
  current(): TradingMode;
  /** The account the current mode trades (`accountForMode(current())`). */
  account(): AccountId;
  /** Called after every mode change; returns the unsubscribe. */
  onChange(listener: (mode: TradingMode) => void): () => void;
}

export type LoopRunState = 'running' | 'stopped';

/** Why the loops are as they are after the mode controller last decided. */
/** Why the loops run or not; 'follower': another instance leads and runs them (decision 0033). */
export type LoopReason = 'mode' | 'halt' | 'preparing' | 'loop-off' | 'broker-unavailable' | 'follower';

/** What the mode controller publishes after each decision it takes. */
export type ModeEvent =
  | { type: 'mode-changed'; mode: TradingMode; previous: TradingMode; account: AccountId }
  | { type: 'feed-selected'; source: string; previous: string }
  | { type: 'loops-changed'; paper: LoopRunState; live: LoopRunState; reason: LoopReason };
