import { HttpError } from '../../../core/errors';
import { MarketDataError } from '../../market/market-types';
import { UpstoxApiError, UpstoxAuthError, UpstoxRateLimitError } from '../../market/providers/upstox';
import { OrderRateLimitError } from './order-throttle';
import { UpstoxNoAnswerError } from './upstox-order-client';

export type LiveBrokerErrorCode =
  | 'live_unavailable'
  | 'upstox_sign_in_required'
  | 'upstox_rate_limited'
  | 'upstox_unavailable'
  | 'upstox_error'
  | 'invalid_order'
  | 'unknown_order'
  | 'trading_halted';

/**
 * A live-trading refusal worded for the trader. An HttpError so a route can reply with it as is; a
 * rejected Upstox token is 409, not 401, because the dashboard session itself is still fine.
 */
export class LiveBrokerError extends HttpError {
  constructor(statusCode: number, message: string, code: LiveBrokerErrorCode) {
    super(statusCode, message, code);
    this.name = 'LiveBrokerError';
  }
}

export const SIGN_IN_AGAIN =
  'Sign in to Upstox again (Settings → Data Sources → Connect) to resume live trading.';

/** The live broker's words for an error from the order client; anything unexpected passes through. */
export function liveBrokerError(error: unknown): unknown {
  if (error instanceof LiveBrokerError) return error;
  if (
    error instanceof UpstoxAuthError ||
    (error instanceof MarketDataError && error.code === 'auth_required')
  ) {
    return new LiveBrokerError(409, `${error.message} ${SIGN_IN_AGAIN}`, 'upstox_sign_in_required');
  }
  if (error instanceof OrderRateLimitError || error instanceof UpstoxRateLimitError) {
    return new LiveBrokerError(429, error.message, 'upstox_rate_limited');
  }
  if (error instanceof UpstoxNoAnswerError)
    return new LiveBrokerError(502, error.message, 'upstox_unavailable');
  if (error instanceof UpstoxApiError) return new LiveBrokerError(502, error.message, 'upstox_error');
  return error;
}
