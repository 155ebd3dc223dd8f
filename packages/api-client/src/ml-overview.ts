import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AutonomousLearningStatus,
  autonomousLearningStatusResponseSchema,
  type KnowledgeGraphStatus,
  knowledgeGraphStatusResponseSchema,
  type LearnedPatterns,
  type LearningStatus,
  learnedPatternsResponseSchema,
  learningStatusResponseSchema,
  type MemoryStatus,
  type MlIntelligenceMetricsData,
  memoryStatusResponseSchema,
  mlIntelligenceMetricsDataResponseSchema,
} from '@td/contracts';
import type { z } from 'zod';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

/** The ML screen's System Overview calls (spec part 2 §7), each its own query under ['ml', 'overview']. */
export const mlOverviewKeys = {
  all: ['ml', 'overview'] as const,
  memory: ['ml', 'overview', 'memory'] as const,
  knowledgeGraph: ['ml', 'overview', 'knowledge-graph'] as const,
  learning: ['ml', 'overview', 'learning'] as const,
  metrics: ['ml', 'overview', 'intelligence-metrics'] as const,
  autonomous: ['ml', 'overview', 'autonomous-learning'] as const,
  patterns: ['ml', 'overview', 'patterns'] as const,
};

/** One status call: `{ success: true, data }` read with its strict contract; anything else fails alone. */
const statusQuery = <T>(
  api: ApiClient,
  queryKey: readonly string[],
  path: string,
  schema: z.ZodType<{ success: true; data: T }>,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<T> => api.get(path, schema, { signal }).then((reply) => reply.data),
    // spec part 2 §7: all in parallel every 30 s; a failed one counts as success false.
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

export const memoryStatusQuery = (api: ApiClient) =>
  statusQuery<MemoryStatus>(api, mlOverviewKeys.memory, '/api/ml/memory/status', memoryStatusResponseSchema);
export const knowledgeGraphStatusQuery = (api: ApiClient) =>
  statusQuery<KnowledgeGraphStatus>(
    api,
    mlOverviewKeys.knowledgeGraph,
    '/api/ml/knowledge-graph/status',
    knowledgeGraphStatusResponseSchema,
  );
export const learningStatusQuery = (api: ApiClient) =>
  statusQuery<LearningStatus>(
    api,
    mlOverviewKeys.learning,
    '/api/ml/learning/status',
    learningStatusResponseSchema,
  );
/** The full metrics for the ML screen; the dashboard reads the same call leniently (ml.ts). */
export const mlIntelligenceMetricsDataQuery = (api: ApiClient) =>
  statusQuery<MlIntelligenceMetricsData>(
    api,
    mlOverviewKeys.metrics,
    '/api/ml/intelligence-metrics',
    mlIntelligenceMetricsDataResponseSchema,
  );
export const autonomousLearningStatusQuery = (api: ApiClient) =>
  statusQuery<AutonomousLearningStatus>(
    api,
    mlOverviewKeys.autonomous,
    '/api/ml/autonomous-learning/status',
    autonomousLearningStatusResponseSchema,
  );
export const learnedPatternsQuery = (api: ApiClient) =>
  statusQuery<LearnedPatterns>(
    api,
    mlOverviewKeys.patterns,
    '/api/ml/autonomous-learning/patterns',
    learnedPatternsResponseSchema,
  );

export const useMemoryStatus = () => useQuery(memoryStatusQuery(useApiClient()));
export const useKnowledgeGraphStatus = () => useQuery(knowledgeGraphStatusQuery(useApiClient()));
export const useLearningStatus = () => useQuery(learningStatusQuery(useApiClient()));
export const useMlIntelligenceMetricsData = () => useQuery(mlIntelligenceMetricsDataQuery(useApiClient()));
export const useAutonomousLearningStatus = () => useQuery(autonomousLearningStatusQuery(useApiClient()));
export const useLearnedPatterns = () => useQuery(learnedPatternsQuery(useApiClient()));
