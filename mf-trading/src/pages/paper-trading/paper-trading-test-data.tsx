import type { Holding, PaperLimitsContract, PaperOverview } from '@td/contracts';
import { type RenderRemoteOptions, type Responder, renderRemote, reply } from '@td/platform/test-support';
import { screen } from '@testing-library/react';
import { PaperTradingPage } from './paper-trading-page';

// Fixtures for the paper trading tests: an account a trader has used for a few days.

export const OVERVIEW = 'GET /api/trading/paper/overview';
export const LIMITS = 'GET /api/trading/paper-limits';
export const UPDATE_LIMITS = 'POST /api/trading/paper-limits';
export const RESET = 'POST /api/trading/paper-reset';
export const BALANCE = 'POST /api/trading/paper/balance';
export const HOLDINGS = 'GET /api/portfolio/holdings';
export const TRADES = 'GET /api/trades/recent';

/** spec part 2 §9 default limits. */
export const DEFAULT_LIMITS: PaperLimitsContract = {
  max_position_size: 50000,
  max_daily_loss: 25000,
  max_portfolio_exposure: 0.8,
  max_positions_count: 10,
  min_balance_threshold: 100000,
  brokerage_plan: 'flat',
  brokerage_per_trade: 20,
  stt_rate: 0.001,
  transaction_charges: 0.00297,
};

export function paperOverview(overrides: Partial<PaperOverview> = {}): PaperOverview {
  return {
    available_balance: 912345,
    portfolio_value: 1034567,
    total_returns: 34567,
    total_returns_percent: 3.46,
    active_positions: 3,
    trades_today: 4,
    day_change: -1234,
    limits_status: {
      balance_status: { current: 912345, threshold: 100000, safe: true },
      daily_loss_status: { current_loss: 1234, limit: 25000, safe: true },
      positions_status: { current: 3, limit: 10, safe: true },
      exposure_status: { current_percentage: 11.81, limit_percentage: 80, safe: true },
    },
    limits: DEFAULT_LIMITS,
    ...overrides,
  };
}

export function holding(symbol: string, totalReturns: number): Holding {
  return {
    symbol,
    quantity: 10,
    avg_price: 1000,
    current_price: 1000 + totalReturns / 10,
    market_value: 10000 + totalReturns,
    total_returns: totalReturns,
    total_returns_percent: totalReturns / 100,
    day_change: 0,
  };
}

/** The least of a trades page the server sends; fields the contract defaults are left out. */
export function tradesPage(total: number) {
  return {
    trades: [],
    total,
    page: 1,
    page_size: 1,
    summary: { total_trades: total, filled: total, pending: 0, win_rate: null, total_pnl: 0, total_fees: 0 },
  };
}

export const ok = (data: unknown) => reply(200, { success: true, data });
export const refused = (status: number, error: string) =>
  reply(status, { success: false, error, code: 'validation_failed' });

/** Every read the screen makes, answered as for the account above; override any by key. */
export function accountReplies(overrides: Record<string, Responder> = {}): Record<string, Responder> {
  return {
    [OVERVIEW]: ok(paperOverview()),
    [LIMITS]: ok(DEFAULT_LIMITS),
    [HOLDINGS]: ok([holding('TCS', 2500), holding('INFY', -700), holding('RELIANCE', 1200)]),
    [TRADES]: ok(tradesPage(57)),
    ...overrides,
  };
}

/** Opens /paper-trading signed in, as the host mounts the trading remote. */
export function renderPaperTrading(
  replies: Record<string, Responder> = accountReplies(),
  options: Partial<RenderRemoteOptions> = {},
) {
  return renderRemote(<PaperTradingPage />, {
    remote: 'trading',
    signedIn: true,
    url: '/paper-trading',
    ownPaths: ['/paper-trading'],
    replies,
    ...options,
  });
}

export const tile = (label: string) => screen.getByRole('group', { name: label });
