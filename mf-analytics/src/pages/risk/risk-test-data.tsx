import type { HaltState, PositionRiskList, RiskAlert, RiskLimits, RiskMetrics } from '@td/contracts';
import {
  engineStatusFixture,
  haltStateFixture,
  manualHaltFixture,
  type RenderRemoteOptions,
  renderRemote,
  reply,
} from '@td/platform/test-support';
import { RiskPage } from './risk-page';

export const METRICS = 'GET /api/risk/metrics';
export const POSITIONS = 'GET /api/risk/positions';
export const LIMITS = 'GET /api/risk/limits';
export const ALERTS = 'GET /api/risk/alerts';
export const HALT = 'GET /api/risk/halt';
export const STOP = 'POST /api/risk/emergency-stop';
export const SAVE_LIMITS = 'POST /api/risk/limits';
export const TRADES = 'GET /api/trades/recent';

export const ok = (data: unknown) => reply(200, { success: true, data });

export const metrics: RiskMetrics = {
  max_drawdown: 4.98,
  max_drawdown_rupees: 50_400,
  account_window: { from: '2025-12-05', to: '2026-01-05' },
  sharpe_ratio: 1.87,
  sharpe_window: { period: 'quarter', from: '2025-10-06', to: '2026-01-05' },
  sharpe_note: null,
  portfolio_return: 1.23,
  portfolio_return_rupees: 12_345.67,
  portfolio_value: 1_012_345.67,
  positions_value: 412_000,
  positions_count: 3,
  volatility: 18.4,
  var_95: {
    historical_rupees: 12_345.4,
    historical_pct: 3.0,
    parametric_rupees: 11_020,
    parametric_pct: 2.67,
    sessions: 59,
  },
  beta: 1.124,
  beta_benchmark: 'NIFTY 50',
  diversification_score: 0.41,
  diversification_method: '1 − Σ wᵢwⱼρᵢⱼ over the positions (correlation-weighted Herfindahl)',
  ml_risk_score: 0.52,
  ml_risk_source: 'measured_inputs',
  ml_risk_basis: 'volatility, drawdown, concentration and VaR, each scaled to 0..1 and averaged',
  risk_level: 'medium',
  stress_test: { scenario_1: 46_300, scenario_2: 92_600, scenario_3: 138_900 },
  stress_drops_percent: [10, 20, 30],
  account: 'paper',
  source: 'simulated',
  note: null,
  as_of: '2026-01-05T04:00:00.000Z',
};

export const positions: PositionRiskList = {
  positions: [
    {
      symbol: 'RELIANCE',
      quantity: 100,
      avg_price: 1_250,
      current_price: 1_300,
      position_value: 130_000,
      unrealized_pnl: 5_000,
      unrealized_pnl_pct: 4,
      price_volatility: 22.1,
      daily_volatility_pct: 1.39,
      beta: 1.05,
      concentration_risk: 31.6,
      liquidity_score: 0.98,
      avg_daily_traded_value: 9_800_000_000,
      stop_loss_suggestion: 1_246,
      target_price: 1_390,
      ml_risk_score: 0.48,
      risk_level: 'medium',
      recommendation: 'reduce',
      recommendation_rule: 'reduce: 31.6 % of the positions is above the 25 % single-stock limit',
    },
  ],
  account: 'paper',
  source: 'simulated',
  as_of: '2026-01-05T04:00:00.000Z',
};

const positionLimits = {
  max_position_size: 5,
  max_single_stock: 25,
  max_sector_exposure: 40,
  min_diversification: 5,
};
const lossLimits = {
  daily_loss_limit: 2,
  weekly_loss_limit: 5,
  monthly_loss_limit: 10,
  max_drawdown_limit: 15,
};

export const limits: RiskLimits = {
  unit: 'percent_of_capital',
  capital: 1_000_000,
  equity: 1_012_345.67,
  position_limits: positionLimits,
  loss_limits: lossLimits,
  limits_in_rupees: {
    max_position_size: 50_000,
    max_single_stock: 250_000,
    max_sector_exposure: 400_000,
    daily_loss_limit: 20_000,
    weekly_loss_limit: 50_000,
    monthly_loss_limit: 100_000,
    max_drawdown_limit: 150_000,
  },
  usage: {
    daily_loss: 0.4,
    weekly_loss: 1.1,
    monthly_loss: 0,
    drawdown: 4.98,
    largest_stock: { symbol: 'RELIANCE', percent: 12.8 },
    largest_sector: { sector: 'Energy', percent: 12.8 },
    positions_count: 3,
  },
  ml_recommendations: {
    current_risk_score: 0.52,
    risk_level: 'medium',
    recommended_cash_allocation: 35,
    market_regime: 'volatile',
    suggested_position_sizing: 3.5,
    next_review_date: '2026-01-06T03:45:00.000Z',
    basis: 'From the measured volatility and drawdown; the ML service does not score risk yet.',
  },
  current_status: { portfolio_health: 'warning', warnings: ['Only 3 positions: below the 5 you set.'] },
  defaults: { position_limits: positionLimits, loss_limits: lossLimits },
};

export const alert: RiskAlert = {
  id: '7',
  kind: 'circuit_breaker',
  subject: 'market_drop',
  severity: 'high',
  message: 'NIFTY 50 fell 3.4 % within an hour: trading halted by the circuit breaker.',
  timestamp: '2026-01-05T04:00:00.000Z',
  action_required: true,
  suggested_action: 'Check the market, then resume trading from the red banner when you are ready.',
  acknowledged_at: null,
  resolved_at: null,
};

export const TRADING: HaltState = haltStateFixture();

export const HALTED: HaltState = manualHaltFixture({
  cancelled_orders: 3,
  closed_positions: 2,
  refusal: 'Trading is halted (Emergency Stop by trader@example.com): no new orders until you resume.',
});

/** The trades summary the Emergency Stop counts from: 3 pending orders, 2 open positions. */
export const tradesSummary = {
  trades: [],
  total: 3,
  page: 1,
  page_size: 1,
  summary: {
    total_trades: 3,
    filled: 0,
    pending: 3,
    closed_trades: 0,
    win_rate: null,
    total_pnl: 0,
    total_fees: 0,
    open_positions: 2,
  },
  strategies: [],
};

export function renderRisk(replies: RenderRemoteOptions['replies'] = {}) {
  return renderRemote(<RiskPage />, {
    remote: 'analytics',
    signedIn: true,
    url: '/risk',
    ownPaths: ['/risk'],
    replies: {
      [METRICS]: ok(metrics),
      [POSITIONS]: ok(positions),
      [LIMITS]: ok(limits),
      [ALERTS]: ok([alert]),
      [HALT]: ok(TRADING),
      'GET /api/engines/status': ok(engineStatusFixture()),
      [TRADES]: ok(tradesSummary),
      ...replies,
    },
  });
}
