// spec part 2 §3 "shortcomings_analysis.recommendations": each one fired by a measurement it cites.
import type { LearnedPattern, MlRecommendation } from '@td/contracts';
import { ML_HEALTH_THRESHOLDS } from '@td/contracts';
import type { HealthComponents } from './health';
import type { SourceProblems } from './insight-engine';

export interface RecommendationInputs {
  components: HealthComponents;
  resolvedPredictions: number;
  accuracy: number | null;
  updates: { total: number; rollbacks: number };
  patterns: readonly LearnedPattern[];
  problems: SourceProblems;
  winRate: number | null;
  closedTrades: number;
}

const percent = (value: number) => `${Math.round(value * 100)} %`;
const ORDER = { high: 0, medium: 1, low: 2 } as const;

export function recommendationsFrom(input: RecommendationInputs): MlRecommendation[] {
  const found: MlRecommendation[] = [];
  const { components, problems } = input;
  if (problems.news)
    found.push({ title: 'Restore the news feed', description: problems.news, priority: 'high' });
  if (problems.models)
    found.push({ title: 'Restore the model engine', description: problems.models, priority: 'high' });
  if (input.resolvedPredictions < 100) {
    found.push({
      title: 'Let more predictions resolve',
      description: `${input.resolvedPredictions} predictions have resolved; accuracy is judged on at least 100.`,
      priority: 'medium',
    });
  } else if (
    input.accuracy !== null &&
    components.model !== null &&
    components.model < ML_HEALTH_THRESHOLDS.good
  ) {
    found.push({
      title: 'Model accuracy is weak',
      description: `The ensemble called ${percent(input.accuracy)} of ${input.resolvedPredictions} resolved predictions right; its 95 % lower bound is ${percent(components.model)}. Raise the trading loop's minimum confidence until it improves.`,
      priority: components.model < ML_HEALTH_THRESHOLDS.fair ? 'high' : 'medium',
    });
  }
  if (input.updates.total >= 10 && input.updates.rollbacks / input.updates.total > 0.5) {
    found.push({
      title: 'Most model updates are rolled back',
      description: `${input.updates.rollbacks} of ${input.updates.total} online updates made the holdout worse and were undone.`,
      priority: 'medium',
    });
  }
  if (input.closedTrades >= 10 && input.winRate !== null && input.winRate < 0.4) {
    found.push({
      title: 'Closed trades lose more often than they win',
      description: `${percent(input.winRate)} of ${input.closedTrades} closed trades made money after charges.`,
      priority: 'high',
    });
  }
  if (components.knowledge !== null && components.knowledge < ML_HEALTH_THRESHOLDS.fair) {
    found.push({
      title: 'The knowledge graph is thin',
      description: `Only ${percent(components.knowledge)} of its concepts have a measured relationship; more sessions of closes and more headlines will fill it.`,
      priority: 'low',
    });
  }
  for (const pattern of input.patterns) {
    if (!pattern.learned || pattern.hit_rate === null || pattern.hit_rate >= 0.45) continue;
    found.push({
      title: `Distrust ${pattern.name}`,
      description: `It came true ${percent(pattern.hit_rate)} of ${pattern.resolved} times over ${pattern.horizon}: worse than a coin.`,
      priority: 'low',
    });
  }
  return found.sort((a, b) => ORDER[a.priority] - ORDER[b.priority]);
}
