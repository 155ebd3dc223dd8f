import {
  autonomousLearningStatusSchema,
  knowledgeGraphStatusSchema,
  learnedPatternsSchema,
  learningStatusSchema,
  memoryStatusSchema,
  mlIntelligenceMetricsDataSchema,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { insightStatusRoute, type MlStatusSource } from './ml-status-reply';

export interface MlOverviewRouteDeps {
  ml: MlStatusSource;
}

/** spec part 2 §7 "ML calls" (api-client ml-overview.ts): ML insight's memory, learning and metrics. */
export async function mlOverviewRoutes(app: FastifyInstance, { ml }: MlOverviewRouteDeps) {
  const route = insightStatusRoute.bind(null, app, ml);
  route('/api/ml/memory/status', memoryStatusSchema, (part) => part.memoryStatus(), 'Memory status');
  route(
    '/api/ml/knowledge-graph/status',
    knowledgeGraphStatusSchema,
    (part) => part.knowledgeGraphStatus(),
    'The knowledge graph',
  );
  route('/api/ml/learning/status', learningStatusSchema, (part) => part.learningStatus(), 'Learning status');
  route(
    '/api/ml/intelligence-metrics',
    mlIntelligenceMetricsDataSchema,
    (part) => part.intelligenceMetrics(),
    'The intelligence metrics',
  );
  route(
    '/api/ml/autonomous-learning/status',
    autonomousLearningStatusSchema,
    (part) => part.autonomousLearningStatus(),
    'Autonomous learning status',
  );
  route(
    '/api/ml/autonomous-learning/patterns',
    learnedPatternsSchema,
    (part) => part.learnedPatterns(),
    'The learned patterns',
  );
}
