import { runToEnd, type Steps } from '../../core/time-slices';
import { MeanReversionSource } from './mean-reversion-source';
import { MomentumSource } from './momentum-source';
import { byScoreDescending, confidenceOf } from './series-stats';
import {
  type BarsWaited,
  rankInSteps,
  type Signal,
  type SignalSource,
  type SymbolBars,
  signalWithReasons,
  stepDue,
} from './signal-types';

export interface WeightedSource {
  source: SignalSource;
  /** Fixed, or read at each ranking (a source whose say follows a measured edge); an unusable reading counts 0. */
  weight: number | (() => number);
}

interface View {
  name: string;
  weight: number;
  /** "0.50×momentum": the weight as the reasons print it. */
  label: string;
  bySymbol: Map<string, Signal>;
}

/** |combined score| from which the ensemble says BUY or SELL. */
export const ENSEMBLE_ACTION_SCORE = 0.25;

/**
 * A weighted average of other sources' scores. Confidence = agreement × √|score|, where
 * agreement = |Σ w·s| / Σ w·|s|: 1 when every source with a view leans the same way, 0 when they
 * cancel out. A source with no view (score 0) neither adds nor subtracts agreement.
 */
export class EnsembleSource implements SignalSource {
  readonly name = 'ensemble';

  constructor(
    private readonly members: readonly WeightedSource[],
    private readonly actionScore = ENSEMBLE_ACTION_SCORE,
  ) {
    if (members.length === 0) throw new RangeError('An ensemble needs at least one source');
    for (const { source, weight } of members) {
      if (typeof weight === 'number' && (!(weight >= 0) || !Number.isFinite(weight))) {
        throw new RangeError(`Weight of ${source.name} must be a finite number ≥ 0, got ${weight}`);
      }
    }
    const fixed = members.reduce((sum, { weight }) => sum + (typeof weight === 'number' ? weight : 0), 0);
    if (fixed <= 0)
      throw new RangeError('Ensemble weights must not all be 0: at least one fixed weight above 0');
  }

  rank(universe: SymbolBars[], now: number): Signal[] {
    return runToEnd(this.rankSteps(universe, now));
  }

  /** Each member's ranking in its own steps, then a step per few symbols combined. */
  *rankSteps(universe: SymbolBars[], now: number): Steps<Signal[]> {
    const weights = this.members.map(({ weight }) => {
      const value = typeof weight === 'number' ? weight : weight();
      return Number.isFinite(value) && value > 0 ? value : 0;
    });
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const views: View[] = [];
    for (const [i, { source }] of this.members.entries()) {
      // A member with no say is not asked: its view could not move the combined signal.
      if (weights[i] === 0) continue;
      const ranked = yield* rankInSteps(source, universe, now);
      const share = weights[i]! / total;
      views.push({
        name: source.name,
        weight: share,
        // Written once per ranking, not once per symbol: every symbol is ranked every minute.
        label: `${share.toFixed(2)}×${source.name}`,
        bySymbol: new Map(ranked.map((signal) => [signal.symbol, signal])),
      });
    }
    const signals: Signal[] = [];
    for (const { symbol } of universe) {
      signals.push(this.combine(symbol, views));
      if (stepDue(signals.length)) yield;
    }
    return signals.sort(byScoreDescending);
  }

  private combine(symbol: string, views: View[]): Signal {
    let net = 0;
    let gross = 0;
    let waiting: BarsWaited | undefined;
    for (const view of views) {
      // A source that gave this symbol no signal has no view: score 0.
      const signal = view.bySymbol.get(symbol);
      const score = signal?.score ?? 0;
      net += view.weight * score;
      gross += view.weight * Math.abs(score);
      waiting ??= signal?.waiting;
    }
    const agreement = gross > 0 ? Math.abs(net) / gross : 0;
    const direction = net >= this.actionScore ? 'BUY' : net <= -this.actionScore ? 'SELL' : 'HOLD';
    const fields = { symbol, direction, score: net, confidence: confidenceOf(net, agreement) } as const;
    return signalWithReasons(waiting ? { ...fields, waiting } : fields, () => {
      const parts: string[] = [];
      const reasons: string[] = [];
      for (const view of views) {
        const signal = view.bySymbol.get(symbol);
        parts.push(`${view.label} ${(signal?.score ?? 0).toFixed(2)}`);
        for (const reason of signal?.reasons ?? []) reasons.push(`${view.name}: ${reason}`);
      }
      reasons.unshift(`score ${net.toFixed(2)} = ${parts.join(' + ')}; agreement ${agreement.toFixed(2)}`);
      return reasons;
    });
  }
}

/** The default ensemble: momentum and mean reversion, weighted equally until ML learns better. */
export function defaultEnsemble(): EnsembleSource {
  return new EnsembleSource([
    { source: new MomentumSource(), weight: 0.5 },
    { source: new MeanReversionSource(), weight: 0.5 },
  ]);
}
