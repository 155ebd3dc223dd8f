// ML insight (issue 15 item 5): memory, knowledge graph, learned patterns, health and decision quality,
// rebuilt on a schedule from what the market, news, model and ledger engines measured.
import {
  type AutonomousLearningStatus,
  type EnhancementState,
  type EnhancementsStatus,
  explainabilityStatusSchema,
  type KnowledgeGraphStatus,
  type LearnedPatterns,
  type LearningStatus,
  type MemoryStatus,
  type MlIntelligenceMetricsData,
} from '@td/contracts';
import { type InsightDeps, InsightEngine } from './insight-engine';
import {
  autonomousLearningStatus,
  type InsightState,
  knowledgeGraphStatus,
  learnedPatterns,
  learningStatus,
  memoryStatus,
} from './insight-report';
import { intelligenceMetrics } from './intelligence-metrics';
import { closedTradesNow } from './readings';

export {
  DEFAULT_INSIGHT_OPTIONS,
  type InsightDeps,
  InsightEngine,
  type InsightOptions,
} from './insight-engine';

/** Asked before the first build has finished: the route answers 503 with this sentence. */
export class InsightUnavailableError extends Error {}

export const INSIGHT_BUILDING_MESSAGE =
  'The ML insight engine is still measuring memory, the knowledge graph and patterns for the first time. Try again in a few seconds.';

export interface Insight {
  start(): void;
  /** Stops the schedule and awaits a build under way (dropped at its next slice). */
  stop(): Promise<void>;
  /** Rebuilds now (the schedule does it every few minutes); resolves when the new figures are in. */
  rebuild(): Promise<void>;
  /** Resolves once a first build exists, building it now if the schedule has not yet. */
  ready(): Promise<void>;
  memoryStatus(): MemoryStatus;
  knowledgeGraphStatus(): KnowledgeGraphStatus;
  learningStatus(): LearningStatus;
  learnedPatterns(): LearnedPatterns;
  autonomousLearningStatus(): AutonomousLearningStatus;
  intelligenceMetrics(): MlIntelligenceMetricsData;
  enhancementsStatus(): EnhancementsStatus;
}

const state = (enabled: boolean, active: boolean, inactiveReason: string): EnhancementState => ({
  enabled,
  active: enabled && active,
  reason: enabled && active ? null : inactiveReason,
});

export function createInsight(deps: InsightDeps): Insight {
  const engine = new InsightEngine(deps);
  const current = (): InsightState => {
    const snapshot = engine.snapshot();
    if (!snapshot) throw new InsightUnavailableError(engine.lastError ?? INSIGHT_BUILDING_MESSAGE);
    return {
      snapshot,
      // Read now, not at the build: a build is up to minutes old (or from mid-replay) and the mode may have changed.
      closedTrades: closedTradesNow(deps.closedTrades),
      history: engine.history(),
      running: engine.running,
      cycles: engine.cycles,
      lastError: engine.lastError,
      nextBuildAt: engine.nextBuildAt(),
      rebuildIntervalMs: engine.options.rebuildIntervalMs,
    };
  };
  // The trend compares each build's overall health with an earlier one's: keep this build's.
  engine.onBuilt = () => engine.recordHealth(intelligenceMetrics(current()).system_health.overall_health);
  return {
    start: () => engine.start(),
    stop: () => engine.stop(),
    rebuild: async () => {
      await engine.rebuild();
    },
    ready: async () => {
      const snapshot = engine.snapshot();
      // A trade closed since the build (the start-up replay, the loop): measure again, so the build's
      // figures cover the trades the ledger's count does.
      const closed = closedTradesNow(deps.closedTrades);
      const moved = closed !== null && closed.trades !== snapshot?.ledgerClosedTrades;
      if (!snapshot || moved) await engine.rebuild();
    },
    memoryStatus: () => memoryStatus(current()),
    knowledgeGraphStatus: () => knowledgeGraphStatus(current()),
    learningStatus: () => learningStatus(current()),
    learnedPatterns: () => learnedPatterns(current()),
    autonomousLearningStatus: () => autonomousLearningStatus(current()),
    intelligenceMetrics: () => intelligenceMetrics(current()),
    enhancementsStatus: () => {
      const { snapshot } = current();
      const models = deps.models ?? null;
      const explain = models
        ? explainabilityStatusSchema.safeParse(safely(() => models.explainabilityStatus()))
        : null;
      const noModels = snapshot.problems.models ?? 'The model engine is not running.';
      return {
        ensemble: state(
          snapshot.ensemble !== null,
          (snapshot.ensemble?.total_predictions ?? 0) > 0,
          snapshot.ensemble ? 'No prediction has been made yet.' : noModels,
        ),
        explainability: state(
          explain?.success === true,
          explain?.success === true && explain.data.total_explanations > 0,
          explain?.success ? 'No prediction has been explained yet.' : noModels,
        ),
        online_learning: state(
          snapshot.online !== null,
          (snapshot.online?.total_updates ?? 0) > 0,
          snapshot.online ? 'No prediction has resolved into an update yet.' : noModels,
        ),
        sentiment_analysis: state(
          snapshot.problems.news === null,
          snapshot.headlinesRead > 0,
          snapshot.problems.news ?? 'No headline has been scored yet.',
        ),
      };
    },
  };
}

function safely(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}
