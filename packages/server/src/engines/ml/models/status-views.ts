import type {
  EnsembleStatus,
  ExplainabilityStatus,
  OnlineLearningStatus,
  OutOfSample,
  PredictionExplanation,
} from '@td/contracts';
import { FEATURE_LABELS, type FeatureName, HORIZON_MINUTES } from './features';
import { LOGISTIC_LEARNING_RATE } from './learners/logistic-regression';
import type { ModelEnsemble } from './model-ensemble';
import { averageImprovement, type OnlineLearning } from './online-learning';
import type { PredictionStore, StoredPrediction } from './prediction-store';
import type { WalkForwardState } from './walk-forward';

// The engine's figures in the contract's shapes (packages/contracts/src/ml-enhancements.ts).

const HORIZON = `direction over the next ${HORIZON_MINUTES} minutes`;

type Counts = ReturnType<PredictionStore['counts']>;

export function ensembleStatusOf(
  ensemble: ModelEnsemble,
  counts: Counts,
  lastError: string | null,
): EnsembleStatus {
  const models: EnsembleStatus['models'] = {};
  ensemble.learners.forEach((learner, i) => {
    const record = ensemble.records[i]!;
    models[learner.name] = {
      active: record.resolved > 0,
      weight: ensemble.weights[i]!,
      accuracy: record.resolved > 0 ? record.correct / record.resolved : null,
      win_rate: record.upCalls > 0 ? record.upWins / record.upCalls : null,
      prediction_count: record.resolved,
    };
  });
  const note = lastError
    ? `The last cycle failed: ${lastError}`
    : counts.resolved === 0
      ? counts.total === 0
        ? 'No predictions yet: they start once the market is open and each stock has an hour of one-minute bars.'
        : `${counts.total} predictions made; the first resolve ${HORIZON_MINUTES} minutes after they were made.`
      : null;
  return {
    total_predictions: counts.total,
    resolved_predictions: counts.resolved,
    ensemble_accuracy: counts.resolved > 0 ? counts.correct / counts.resolved : null,
    model_rebalances: ensemble.rebalances,
    models,
    horizon: HORIZON,
    note,
  };
}

export function onlineLearningStatusOf(learning: OnlineLearning): OnlineLearningStatus {
  const c = learning.counters;
  return {
    total_updates: c.total_updates,
    successful_updates: c.successful_updates,
    rollbacks: c.rollbacks,
    avg_improvement: averageImprovement(c),
    models_updated: c.models_updated,
    is_updating: learning.isUpdating,
    last_update_time: c.last_update_time === null ? null : new Date(c.last_update_time).toISOString(),
    learning_rate: LOGISTIC_LEARNING_RATE,
    note:
      c.total_updates === 0
        ? 'No update yet: models learn when their first predictions resolve.'
        : `Each update is checked on the ${learning.holdoutCount} most recent resolved outcomes and rolled back if their log loss rises.`,
  };
}

export function explainabilityStatusOf(counts: Counts): ExplainabilityStatus {
  return {
    total_explanations: counts.total,
    shap_explanations: counts.total,
    avg_confidence: counts.meanConfidence,
    // Stocks whose newest prediction can be explained now (GET /api/ml/explanations/:symbol).
    cache_size: counts.symbols,
    method:
      'Exact additive contributions of the logistic model: weight × (value − running mean), which sum with the base value to the logit (linear SHAP).',
    note: counts.total === 0 ? 'No prediction has been explained yet: none has been made.' : null,
  };
}

export function explanationOf(prediction: StoredPrediction): PredictionExplanation {
  const { explanation } = prediction;
  const contributions = [...explanation.features].sort(
    (a, b) => Math.abs(b.contribution) - Math.abs(a.contribution),
  );
  return {
    prediction_id: prediction.id,
    symbol: prediction.symbol,
    model: 'logistic_regression',
    direction: prediction.direction === 'UP' ? 'up' : 'down',
    probability_up: clamp01(prediction.probability),
    confidence: clamp01(prediction.confidence),
    horizon: `direction over the next ${prediction.horizonMinutes} minutes`,
    made_at: new Date(prediction.madeAt).toISOString(),
    base_value: explanation.base,
    logit: explanation.logit,
    contributions,
    top_reasons: contributions
      .filter((c) => c.contribution !== 0)
      .slice(0, 3)
      .map((c) => {
        const label = FEATURE_LABELS[c.feature as FeatureName] ?? c.feature;
        const way = c.contribution > 0 ? 'towards up' : 'towards down';
        return `${label} ${c.value.toFixed(2)} (usual ${c.mean.toFixed(2)}) pushes ${way} by ${Math.abs(c.contribution).toFixed(3)}`;
      }),
  };
}

/** A stored prediction as the API lists it. */
export function predictionView(p: StoredPrediction) {
  return {
    id: p.id,
    symbol: p.symbol,
    made_at: new Date(p.madeAt).toISOString(),
    due_at: new Date(p.dueAt).toISOString(),
    horizon_minutes: p.horizonMinutes,
    price: p.pricePaise / 100,
    probability_up: clamp01(p.probability),
    direction: p.direction === 'UP' ? 'up' : 'down',
    confidence: clamp01(p.confidence),
    models: Object.fromEntries(
      Object.entries(p.votes).map(([name, vote]) => [name, clamp01(vote.probability)]),
    ),
    resolved_at: p.resolvedAt === null ? null : new Date(p.resolvedAt).toISOString(),
    outcome_price: p.outcomePricePaise === null ? null : p.outcomePricePaise / 100,
    outcome: p.outcomeUp === null ? null : p.outcomeUp === 1 ? 'up' : 'down',
    correct: p.correct,
  };
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}

const points = (fraction: number) => `${(fraction * 100).toFixed(1)} points`;

/** The walk-forward's state as the ensemble status reports it: figures only once it has completed. */
export function outOfSampleOf(state: WalkForwardState, say: number): OutOfSample {
  const empty = {
    sessions: 0,
    scored_sessions: 0,
    predictions: 0,
    accuracy: null,
    always_up_accuracy: null,
    coin_accuracy: null,
    edge: null,
    edge_low: null,
    edge_high: null,
    say: 0,
  };
  switch (state.status) {
    case 'not_run':
      return { status: 'not_run', ...empty, note: state.reason };
    case 'running':
      return {
        status: 'running',
        ...empty,
        note: 'Training and measuring on the past sessions, walk-forward; the ML vote has no say until it ends.',
      };
    case 'failed':
      return {
        status: 'failed',
        ...empty,
        note: `The walk-forward failed (${state.error}); the ML vote has no say.`,
      };
    case 'complete': {
      const r = state.report;
      const [low, high] = r.edgeInterval ?? [null, null];
      const shown = low !== null && low > 0;
      const verdict = shown
        ? `an edge of ${points(r.edge)} over both always-up and a coin (95 % interval ${points(low)} to ${points(high!)}): its vote counts ${(say * 100).toFixed(0)} %.`
        : `no edge over always-up and a coin that stands out of the noise (${points(r.edge)}${low === null ? '' : `, 95 % interval ${points(low)} to ${points(high!)}`}): its vote has no say in the loop.`;
      return {
        status: 'complete',
        sessions: r.sessions,
        scored_sessions: r.scoredSessions,
        predictions: r.predictions,
        accuracy: r.predictions > 0 ? r.accuracy : null,
        always_up_accuracy: r.predictions > 0 ? r.alwaysUpAccuracy : null,
        coin_accuracy: r.predictions > 0 ? r.coinAccuracy : null,
        edge: r.scoredSessions > 0 ? r.edge : null,
        edge_low: low,
        edge_high: high,
        say,
        note: `Walk-forward over ${r.sessions} past sessions, ${r.scoredSessions} scored out of sample: ${verdict}`,
      };
    }
  }
}
