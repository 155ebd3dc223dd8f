// The risk engine's figures as the API states them: rupees, percent points, rounded at the edge.
import {
  type PerformancePeriod,
  type PositionRisk,
  type RiskMetrics,
  riskLevelOf,
  STRESS_DROPS_PERCENT,
} from '@td/contracts';
import { measuredRiskScore } from './measured-risk-score';
import type { PortfolioFigures } from './portfolio-figures';
import type { PositionFigures } from './position-figures';

/**
 * The account's own figures, as the performance engine states them: drawdown and return over the
 * trailing month, Sharpe over a window long enough to hold 30 daily returns (decision 0061).
 */
export interface AccountFigures {
  maxDrawdownPercent: number;
  maxDrawdownRupees: number;
  returnPercent: number;
  returnRupees: number;
  from: string | null;
  to: string;
  sharpe: {
    ratio: number | null;
    /** Why the ratio is withheld ("Needs 30 trading days; this period has 10"); null when it is not. */
    note: string | null;
    period: PerformancePeriod;
    from: string | null;
    to: string;
  };
}

export interface ReportLabel {
  account: 'paper' | 'live';
  source: 'simulated' | 'real';
  asOf: string;
}

export const DIVERSIFICATION_METHOD =
  'diversification ratio: 1 − σ(portfolio) / Σ weight × σ(stock), the share of the stocks’ own volatility their correlations remove';

const round = (value: number, places = 2) => {
  const factor = 10 ** places;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
};
const orNull = (value: number | null, places = 2) => (value === null ? null : round(value, places));
const rupees = (paise: number) => round(paise / 100);
const rupeesOrNull = (paise: number | null) => (paise === null ? null : rupees(paise));
const percentOrNull = (fraction: number | null) => (fraction === null ? null : round(fraction * 100));

/** Why figures are null, in one sentence; null when none is for a reason the trader can see. */
function noteOf(positions: readonly PositionFigures[], portfolio: PortfolioFigures): string | null {
  if (positions.length === 0) return 'No open positions: there is nothing at risk to measure.';
  if (portfolio.sessions < 2) {
    return `The positions share ${portfolio.sessions} daily return${portfolio.sessions === 1 ? '' : 's'} with NIFTY 50; VaR, beta and volatility need at least 2.`;
  }
  const noBeta = positions.filter((p) => p.beta === null).map((p) => p.symbol);
  if (noBeta.length > 0) return `No beta for ${noBeta.join(', ')}: too little history against NIFTY 50.`;
  return null;
}

export function riskMetrics(
  positions: readonly PositionFigures[],
  portfolio: PortfolioFigures,
  account: AccountFigures,
  equityPaise: number,
  label: ReportLabel,
): RiskMetrics {
  const scored = measuredRiskScore({
    volatility: portfolio.volatility,
    valueAtRisk: portfolio.historicalVar,
    concentration: portfolio.concentration,
    drawdown: account.maxDrawdownPercent / 100,
  });
  const [scenario1, scenario2, scenario3] = portfolio.stress.map(rupeesOrNull);
  return {
    max_drawdown: account.maxDrawdownPercent,
    max_drawdown_rupees: account.maxDrawdownRupees,
    account_window: { from: account.from, to: account.to },
    sharpe_ratio: account.sharpe.ratio,
    sharpe_window: { period: account.sharpe.period, from: account.sharpe.from, to: account.sharpe.to },
    sharpe_note: account.sharpe.note,
    portfolio_return: account.returnPercent,
    portfolio_return_rupees: account.returnRupees,
    portfolio_value: rupees(equityPaise),
    positions_value: rupees(portfolio.valuePaise),
    positions_count: positions.length,
    volatility: percentOrNull(portfolio.volatility),
    var_95: {
      historical_rupees: rupeesOrNull(portfolio.historicalVarPaise),
      historical_pct: percentOrNull(portfolio.historicalVar),
      parametric_rupees: rupeesOrNull(portfolio.parametricVarPaise),
      parametric_pct: percentOrNull(portfolio.parametricVar),
      sessions: portfolio.sessions,
    },
    beta: orNull(portfolio.beta, 4),
    beta_benchmark: 'NIFTY 50',
    diversification_score: orNull(portfolio.diversification, 4),
    diversification_method: DIVERSIFICATION_METHOD,
    ml_risk_score: scored ? round(scored.score, 4) : null,
    ml_risk_source: 'measured_inputs',
    ml_risk_basis: scored
      ? `Scored from ${scored.basis}; the ML service does not score risk yet.`
      : 'Not scored: the volatility and VaR it rests on are not available.',
    risk_level: scored ? riskLevelOf(scored.score) : null,
    stress_test: {
      scenario_1: scenario1 ?? null,
      scenario_2: scenario2 ?? null,
      scenario_3: scenario3 ?? null,
    },
    stress_drops_percent: [...STRESS_DROPS_PERCENT],
    account: label.account,
    source: label.source,
    note: noteOf(positions, portfolio),
    as_of: label.asOf,
  };
}

export function positionRisk(position: PositionFigures): PositionRisk {
  return {
    symbol: position.symbol,
    quantity: position.quantity,
    avg_price: rupees(position.avgPricePaise),
    current_price: rupees(position.pricePaise),
    position_value: rupees(position.valuePaise),
    unrealized_pnl: rupees(position.pnlPaise),
    unrealized_pnl_pct:
      position.avgPricePaise > 0
        ? round(((position.pricePaise - position.avgPricePaise) / position.avgPricePaise) * 100)
        : null,
    price_volatility: percentOrNull(position.volatility),
    daily_volatility_pct: orNull(position.dailyStd === null ? null : position.dailyStd * 100, 4),
    beta: orNull(position.beta, 4),
    concentration_risk: round(position.weight * 100),
    liquidity_score: orNull(position.liquidity, 4),
    avg_daily_traded_value: rupeesOrNull(position.averageTradedValuePaise),
    stop_loss_suggestion: rupeesOrNull(position.stopPaise),
    target_price: rupeesOrNull(position.targetPaise),
    ml_risk_score: orNull(position.score, 4),
    risk_level: position.level,
    recommendation: position.recommendation,
    recommendation_rule: position.rule,
  };
}
