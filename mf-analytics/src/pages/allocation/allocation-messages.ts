import type { AllocationStrategyId } from '@td/contracts';

// spec part 1 §2, §4 and §8 "Allocation", word for word.
export const CONNECTION_ISSUES_TITLE = 'Allocation Data Connection Issues';
export const DATA_SOURCE_NOT_AVAILABLE = 'Data source not available';
export const FAILED_TO_FETCH = 'Failed to fetch allocation settings';
export const SAVE_FAILED = 'Failed to save settings. Please try again.';
export const SAVED = 'Settings saved successfully!';
/** spec part 1 §9 "Save message display". */
export const SAVED_MESSAGE_MS = 3000;

export const STRATEGY_LABELS: Record<AllocationStrategyId, string> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
  ai_optimized: 'AI Optimized',
};

export const STRATEGY_ORDER: readonly AllocationStrategyId[] = [
  'conservative',
  'moderate',
  'aggressive',
  'ai_optimized',
];

/** spec part 1 §4 "Allocation connection". */
export type AllocationConnection = 'connecting' | 'connected' | 'disconnected';
export const CONNECTION_LABELS: Record<AllocationConnection, string> = {
  connecting: 'Connecting',
  connected: 'Connected',
  disconnected: 'Disconnected',
};
