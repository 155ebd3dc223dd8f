import {
  mlOverviewKeys,
  shellKeys,
  useAutonomousLearningStatus,
  useEngineStatus,
  useKnowledgeGraphStatus,
  useLearnedPatterns,
  useLearningStatus,
  useMemoryStatus,
  useMlIntelligenceMetricsData,
} from '@td/api-client';
import { Grid, Stack } from '../../components/ml-status';
import { PatternsCard, RecommendationsCard } from './insights-cards';
import { ActiveLearningCard, AutonomousLearningCard } from './learning-cards';
import { RefreshBar } from './refresh-bar';
import { SubsystemCards } from './subsystem-cards';
import { SystemHealthCard } from './system-health-card';
import { useTabRefresh } from './use-tab-refresh';

const KEYS = [mlOverviewKeys.all, shellKeys.engineStatus] as const;

/**
 * spec part 2 §2.6 "System Overview": seven calls in parallel every 30 s (§7); each card reads its
 * own call, so one failing call leaves every other card's figures in place.
 */
export function SystemOverviewTab() {
  const memory = useMemoryStatus();
  const graph = useKnowledgeGraphStatus();
  const learning = useLearningStatus();
  const metrics = useMlIntelligenceMetricsData();
  const autonomous = useAutonomousLearningStatus();
  const patterns = useLearnedPatterns();
  const engines = useEngineStatus();
  const bar = useTabRefresh([memory, graph, learning, metrics, autonomous, patterns, engines], KEYS);
  return (
    <Stack>
      <RefreshBar {...bar} onRefresh={() => void bar.refresh()} />
      <SystemHealthCard query={metrics} />
      <SubsystemCards memory={memory} graph={graph} learning={learning} engines={engines} />
      <Grid $min="320px">
        <ActiveLearningCard query={metrics} />
        <AutonomousLearningCard query={autonomous} />
      </Grid>
      <PatternsCard query={patterns} />
      <RecommendationsCard query={metrics} />
    </Stack>
  );
}
