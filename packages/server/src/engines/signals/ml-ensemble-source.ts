import { EnsembleSource } from './ensemble-source';
import { MeanReversionSource } from './mean-reversion-source';
import { MomentumSource } from './momentum-source';
import { byScoreDescending, clamp } from './series-stats';
import type { Signal, SignalSource, SymbolBars } from './signal-types';

/** The ML ensemble's view of one symbol (packages/server/src/engines/ml/models). */
export interface MlView {
  symbol: string;
  /** P(price higher after the horizon), 0..1. */
  probability: number;
  /** 0..1: |2p − 1| × the weight share of models agreeing. */
  confidence: number;
  reasons: string[];
}

/** What the source asks of the ML engine: one view per symbol it can predict. */
export interface MlPredictor {
  readonly horizonMinutes: number;
  predict(universe: SymbolBars[], now: number): MlView[];
  /** 0..1: how much the ensemble's view counts, from its measured out-of-sample edge; absent = full. */
  say?(): number;
}

/**
 * P(up) this far from ½ scores ±1. A 30-minute direction call at 60 % is a strong one: the replay
 * in docs/decisions/0017-ml-ensemble.md measures accuracies a few points above 50 %.
 */
export const ML_FULL_SCORE_EDGE = 0.1;

/**
 * The ML ensemble as a signal source: score = (P(up) − ½) / 0.1, clipped to ±1; confidence is the
 * ensemble's own. An engine that fails or cannot predict a symbol gives it no view (HOLD, 0), so the
 * rules beside it keep trading.
 */
export class MlEnsembleSource implements SignalSource {
  readonly name = 'ml_ensemble';

  constructor(private readonly predictor: MlPredictor) {}

  rank(universe: SymbolBars[], now: number): Signal[] {
    let views: Map<string, MlView>;
    let failure: string | null = null;
    try {
      views = new Map(this.predictor.predict(universe, now).map((view) => [view.symbol, view]));
    } catch (error) {
      views = new Map();
      failure = `ML ensemble unavailable: ${(error as Error).message}`;
    }
    const horizon = this.predictor.horizonMinutes;
    return universe
      .map(({ symbol }): Signal => {
        const view = views.get(symbol);
        if (!view || !Number.isFinite(view.probability)) {
          return {
            symbol,
            direction: 'HOLD',
            score: 0,
            confidence: 0,
            reasons: [failure ?? 'ML ensemble: not enough bars yet'],
          };
        }
        const score = clamp((view.probability - 0.5) / ML_FULL_SCORE_EDGE, -1, 1);
        const direction = score >= 0.5 ? 'BUY' : score <= -0.5 ? 'SELL' : 'HOLD';
        const headline = `P(up over ${horizon} min) ${(view.probability * 100).toFixed(1)} %, confidence ${view.confidence.toFixed(2)}`;
        return {
          symbol,
          direction,
          score,
          confidence: clamp(view.confidence, 0, 1),
          reasons: [headline, ...view.reasons],
        };
      })
      .sort(byScoreDescending);
  }
}

/**
 * The loop's source with ML: momentum and mean reversion ⅓ each, the ML ensemble ⅓ × its say (its
 * measured out-of-sample edge, docs/decisions/0017): with no measured edge it has no say and the two
 * rules trade alone, as the default ensemble does. The combined confidence is agreement × √|score|
 * (EnsembleSource), so an ML vote against the rules pulls a signal under the phase's minimum
 * confidence and no position is opened on it.
 */
export function mlEnsemble(predictor: MlPredictor): EnsembleSource {
  const say = () => (predictor.say ? predictor.say() : 1);
  return new EnsembleSource([
    { source: new MomentumSource(), weight: 1 / 3 },
    { source: new MeanReversionSource(), weight: 1 / 3 },
    { source: new MlEnsembleSource(predictor), weight: () => say() / 3 },
  ]);
}
