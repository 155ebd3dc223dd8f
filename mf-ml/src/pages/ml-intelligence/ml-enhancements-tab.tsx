import {
  mlEnhancementKeys,
  newsKeys,
  useEnhancementsStatus,
  useEnsembleStatus,
  useExplainabilityStatus,
  useMarketSentimentReport,
  useOnlineLearningStatus,
  useSentimentStatus,
} from '@td/api-client';
import { Grid, Stack } from '../../components/ml-status';
import { EnsembleCard } from './ensemble-card';
import { ExplainabilityCard } from './explainability-card';
import { EnhancementStatusCards, OnlineLearningCard } from './online-learning-card';
import { RefreshBar } from './refresh-bar';
import { MarketSentimentCard, SentimentStatsCard } from './sentiment-cards';
import { useTabRefresh } from './use-tab-refresh';

const KEYS = [mlEnhancementKeys.all, newsKeys.market, newsKeys.status] as const;

/**
 * spec part 2 §2.6 "ML Enhancements": six calls in parallel every 30 s (§7), each card on its own
 * call: the four status cards, the ensemble's six models, explainability, online learning and
 * the market's sentiment with its statistics.
 */
export function MlEnhancementsTab() {
  const status = useEnhancementsStatus();
  const ensemble = useEnsembleStatus();
  const explainability = useExplainabilityStatus();
  const online = useOnlineLearningStatus();
  const sentimentStatus = useSentimentStatus();
  const market = useMarketSentimentReport();
  const bar = useTabRefresh([status, ensemble, explainability, online, sentimentStatus, market], KEYS);
  return (
    <Stack>
      <RefreshBar {...bar} onRefresh={() => void bar.refresh()} />
      <EnhancementStatusCards query={status} />
      <EnsembleCard query={ensemble} />
      <Grid $min="320px">
        <ExplainabilityCard query={explainability} />
        <OnlineLearningCard query={online} />
      </Grid>
      <Grid $min="320px">
        <MarketSentimentCard query={market} />
        <SentimentStatsCard query={sentimentStatus} />
      </Grid>
    </Stack>
  );
}
