// Today's positions as one portfolio replayed over their common past sessions. Money in paise.
import { STRESS_DROPS_PERCENT } from '@td/contracts';
import { annualisedVolatility, sampleStd } from '../analytics/formulas';
import { beta, stressLoss } from './beta';
import { diversificationScore, herfindahlIndex } from './diversification';
import type { PositionFigures } from './position-figures';
import { alignedReturns, type DailyHistory } from './return-series';
import { historicalValueAtRisk, parametricValueAtRisk, simulatedDailyPnl } from './value-at-risk';

export interface PortfolioFigures {
  valuePaise: number;
  /** Daily returns in common to every position and the index. */
  sessions: number;
  historicalVarPaise: number | null;
  parametricVarPaise: number | null;
  /** Fractions of the positions' value. */
  historicalVar: number | null;
  parametricVar: number | null;
  volatility: number | null;
  beta: number | null;
  diversification: number | null;
  /** Σ w² of the positions' weights. */
  concentration: number | null;
  /** Loss in a 10 / 20 / 30 % NIFTY 50 fall, paise. */
  stress: (number | null)[];
}

const share = (paise: number | null, of: number) => (paise === null || of <= 0 ? null : paise / of);

/**
 * Historical simulation: P&L(t) = Σ value_i × r_i(t) over the sessions every position shares with
 * NIFTY 50; the portfolio's return is P&L(t) / value. Stress uses each position's own beta.
 */
export function portfolioFigures(
  positions: readonly PositionFigures[],
  history: DailyHistory,
): PortfolioFigures {
  const values = positions.map((p) => p.valuePaise);
  const value = values.reduce((sum, v) => sum + v, 0);
  const aligned = alignedReturns(
    history,
    positions.map((p) => p.symbol),
  );
  const held = positions.length > 0 && value > 0;
  const pnl = held ? simulatedDailyPnl(values, aligned.stocks) : [];
  const returns = pnl.map((p) => p / value);
  const historicalVarPaise = historicalValueAtRisk(pnl);
  const parametricVarPaise = parametricValueAtRisk(pnl);
  const weights = values.map((v) => (value > 0 ? v / value : 0));
  return {
    valuePaise: value,
    sessions: held ? aligned.index.length : 0,
    historicalVarPaise,
    parametricVarPaise,
    historicalVar: share(historicalVarPaise, value),
    parametricVar: share(parametricVarPaise, value),
    volatility: annualisedVolatility(returns),
    beta: held ? beta(returns, aligned.index) : null,
    diversification: held
      ? diversificationScore(weights, aligned.stocks.map(sampleStd), sampleStd(returns))
      : null,
    concentration: held ? herfindahlIndex(weights) : null,
    stress: STRESS_DROPS_PERCENT.map((drop) =>
      held
        ? stressLoss(
            positions.map((p) => ({ value: p.valuePaise, beta: p.beta })),
            drop / 100,
          )
        : null,
    ),
  };
}
