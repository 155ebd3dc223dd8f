// Each position's own risk figures, from its stock's past sessions against NIFTY 50. Money in paise.
import { type RiskLevel, type RiskRecommendation, riskLevelOf } from '@td/contracts';
import { annualisedVolatility, drawdowns, sampleStd } from '../analytics/formulas';
import { beta } from './beta';
import { measuredRiskScore } from './measured-risk-score';
import {
  averageDailyTradedValue,
  liquidityScore,
  recommendPosition,
  stopLossSuggestion,
  targetPrice,
} from './position-rules';
import { alignedReturns, barsOnAxis, type DailyHistory } from './return-series';
import { historicalValueAtRisk } from './value-at-risk';

/** The drawdown input of the risk score looks back this many sessions (the spec's 30-day drawdown). */
export const DRAWDOWN_SESSIONS = 30;

export interface HeldPosition {
  symbol: string;
  quantity: number;
  /** Total cost of the shares held, paise. */
  costPaise: number;
}

export interface PositionInputs {
  positions: readonly HeldPosition[];
  /** Today's price, paise; undefined: none known (the position is marked at its average cost). */
  price(symbol: string): number | undefined;
  history: DailyHistory;
  equityPaise: number;
  /** The trading phase's cap on one position, percent of equity. */
  phase: { name: string; maxPositionPercent: number };
  /**
   * The trader's single-stock limit (Risk limits' max_single_stock), percent of equity: when set it
   * is the cap the reduce rule uses, so the Positions and Limits tabs judge a position alike.
   */
  singleStockLimitPercent?: number | null;
}

export interface PositionFigures {
  symbol: string;
  quantity: number;
  pricePaise: number;
  avgPricePaise: number;
  valuePaise: number;
  pnlPaise: number;
  /** Share of all positions' value, and of the account's equity, fractions. */
  weight: number;
  equityShare: number;
  /** Daily returns on the stock's own sessions with NIFTY 50. */
  sessions: number;
  dailyStd: number | null;
  volatility: number | null;
  beta: number | null;
  averageTradedValuePaise: number | null;
  liquidity: number | null;
  stopPaise: number | null;
  targetPaise: number | null;
  score: number | null;
  level: RiskLevel | null;
  recommendation: RiskRecommendation;
  rule: string;
}

/** What a stock's own past sessions say, whatever is held of it: kept with the history they came from. */
interface SymbolStats {
  sessions: number;
  dailyStd: number | null;
  volatility: number | null;
  beta: number | null;
  /** Historical 1-day VaR 95 % of one rupee held, and the deepest fall of the last 30 sessions. */
  valueAtRisk: number | null;
  drawdown: number | null;
  averageTradedValue: number | null;
}

const statsMemo = new WeakMap<DailyHistory, Map<string, SymbolStats>>();

function symbolStats(history: DailyHistory, symbol: string): SymbolStats {
  let memo = statsMemo.get(history);
  if (!memo) {
    memo = new Map();
    statsMemo.set(history, memo);
  }
  const known = memo.get(symbol);
  if (known) return known;
  const own = alignedReturns(history, [symbol]);
  const returns = own.stocks[0]!;
  const stats: SymbolStats = {
    sessions: returns.length,
    dailyStd: sampleStd(returns),
    volatility: annualisedVolatility(returns),
    beta: beta(returns, own.index),
    valueAtRisk: historicalValueAtRisk(returns),
    drawdown: returns.length > 0 ? drawdowns(returns.slice(-DRAWDOWN_SESSIONS)).depth : null,
    averageTradedValue: averageDailyTradedValue(barsOnAxis(history, symbol)),
  };
  if (history.bars.has(symbol)) memo.set(symbol, stats);
  return stats;
}

/** Every position's figures, in the order given. */
export function positionFigures(input: PositionInputs): PositionFigures[] {
  const marked = input.positions.map((position) => {
    const avg = position.quantity > 0 ? position.costPaise / position.quantity : 0;
    const price = input.price(position.symbol) ?? avg;
    return { position, avg, price, value: position.quantity * price };
  });
  const total = marked.reduce((sum, m) => sum + m.value, 0);
  return marked.map(({ position, avg, price, value }) => {
    const stats = symbolStats(input.history, position.symbol);
    const { dailyStd } = stats;
    const weight = total > 0 ? value / total : 0;
    const equityShare = input.equityPaise > 0 ? value / input.equityPaise : 0;
    const scored = measuredRiskScore({
      volatility: stats.volatility,
      valueAtRisk: stats.valueAtRisk,
      concentration: weight,
      drawdown: stats.drawdown,
    });
    const level = scored ? riskLevelOf(scored.score) : null;
    const { recommendation, rule } = recommendPosition({
      price,
      avgPrice: avg,
      dailyStd,
      equityShare,
      ...equityCap(input),
      score: scored?.score ?? null,
      level,
    });
    return {
      symbol: position.symbol,
      quantity: position.quantity,
      pricePaise: price,
      avgPricePaise: avg,
      valuePaise: value,
      pnlPaise: value - position.costPaise,
      weight,
      equityShare,
      sessions: stats.sessions,
      dailyStd,
      volatility: stats.volatility,
      beta: stats.beta,
      averageTradedValuePaise: stats.averageTradedValue,
      liquidity: liquidityScore(value, stats.averageTradedValue),
      stopPaise: stopLossSuggestion(price, dailyStd),
      targetPaise: targetPrice(price, dailyStd),
      score: scored?.score ?? null,
      level,
      recommendation,
      rule,
    };
  });
}

/** The cap on one position's share of equity: the trader's saved single-stock limit, else the phase's. */
function equityCap(input: PositionInputs): { maxEquityShare: number; limitName: string } {
  const own = input.singleStockLimitPercent;
  if (own !== undefined && own !== null && own > 0) {
    return { maxEquityShare: own / 100, limitName: 'your single-stock limit' };
  }
  return {
    maxEquityShare: input.phase.maxPositionPercent / 100,
    limitName: `the ${input.phase.name} phase’s limit`,
  };
}
