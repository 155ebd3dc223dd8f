import type { ValidateSessionResponse } from './auth';
import type { MarketOverview } from './market';
import { INDEX_IDS } from './market-indices';
import {
  boolean,
  integer,
  literal,
  nullable,
  number,
  object,
  oneOf,
  optional,
  type ReplyCheck,
  recordOf,
  replyCheck,
  string,
  withDefault,
} from './reply-reader';
import type { PortfolioOverviewResponse } from './shell';
import type { TradingModeChange, TradingModeState } from './trading-mode';
import { TRADING_MODES } from './trading-mode-text';

// The replies the dashboard's first paint waits on, checked without zod: the session check and the
// figures (portfolio value, market status) no longer wait for zod's chunk to arrive and evaluate
// (docs/decisions/0046). Each mirrors its zod schema; first-figures-replies.test.ts compares the two.

const user = object({ email: string, name: optional(string), username: optional(string) });

/** POST /api/auth/validate-session, as validateSessionResponseSchema reads it. */
export const validateSessionReply: ReplyCheck<ValidateSessionResponse> = replyCheck(
  object({ success: literal(true), user, expires_at: string }),
);

/** GET /api/portfolio/overview, as portfolioOverviewResponseSchema reads it. */
export const portfolioOverviewReply: ReplyCheck<PortfolioOverviewResponse> = replyCheck(
  object({
    success: literal(true),
    data: object({
      portfolio_value: number,
      total_value: number,
      day_change: number,
      day_change_percent: number,
      active_positions: integer,
      total_returns: number,
      total_returns_percent: number,
      available_balance: number,
      invested_amount: number,
    }),
    trading_mode: oneOf(TRADING_MODES),
    trading_mode_label: string,
  }),
);

const indexQuote = object({ value: number, previous_close: number, change: number, change_percent: number });

/** GET /api/market/overview, as okEnvelope(marketOverviewSchema) reads it. */
export const marketOverviewReply: ReplyCheck<{ success: true; data: MarketOverview }> = replyCheck(
  object({
    success: literal(true),
    data: object({
      indices: recordOf(INDEX_IDS, nullable(indexQuote)),
      source: string,
      simulated: boolean,
      as_of: string,
    }),
  }),
);

/**
 * GET /api/trading/mode, as okEnvelope(tradingModeStateSchema) reads it: every screen asks for it as
 * it opens (a safety state, never cached), so it is read without waiting for zod.
 */
export const tradingModeReply: ReplyCheck<{ success: true; data: TradingModeState }> = replyCheck(
  object({
    success: literal(true),
    data: object({
      trading_mode: oneOf(TRADING_MODES),
      trading_mode_label: string,
      live_available: boolean,
      live_unavailable_reason: nullable(string),
      live_allowed_until: withDefault(nullable(string), null),
    }),
  }),
);

/**
 * POST /api/trading/mode, as okEnvelope(tradingModeChangeSchema): a switch the server made must read
 * as made even when a lazily loaded schema chunk cannot be fetched.
 */
export const tradingModeChangeReply: ReplyCheck<{ success: true; data: TradingModeChange }> = replyCheck(
  object({
    success: literal(true),
    data: object({ current_mode: oneOf(TRADING_MODES), current_mode_label: string }),
  }),
);
