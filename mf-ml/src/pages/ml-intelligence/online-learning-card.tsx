import type { UseQueryResult } from '@tanstack/react-query';
import type { EnhancementsStatus, OnlineLearningStatus } from '@td/contracts';
import { Badge, Card, formatIstDateTime, formatNumber } from '@td/ui';
import {
  count,
  EnhancementBadge,
  Facts,
  Grid,
  NotConnected,
  Note,
  StatusCard,
} from '../../components/ml-status';

/** spec part 2 §4: an update in progress, or Real-time Learning Active with the last update time or Never. */
export function onlineLearningLabel(status: OnlineLearningStatus): string {
  if (status.is_updating) return 'Update in progress';
  const last = status.last_update_time ? `${formatIstDateTime(status.last_update_time)} IST` : 'Never';
  return `Real-time Learning Active · last update ${last}`;
}

/** spec part 2 §2.6 "Online Learning Manager": updates counted, never assumed. */
export function OnlineLearningCard({ query }: { query: UseQueryResult<OnlineLearningStatus> }) {
  return (
    <StatusCard
      title="Online Learning Manager"
      query={query}
      badge={(o) => (
        <Badge tone={o.is_updating ? 'info' : 'positive'} dot>
          {o.is_updating ? 'Update in progress' : 'Real-time Learning Active'}
        </Badge>
      )}
    >
      {(o) => (
        <>
          <Facts>
            <dt>Total updates</dt>
            <dd>{count(o.total_updates)}</dd>
            <dt>Successful updates</dt>
            <dd>{count(o.successful_updates)}</dd>
            <dt>Rollbacks</dt>
            <dd>{count(o.rollbacks)}</dd>
            <dt>Average improvement</dt>
            <dd>{formatNumber(o.avg_improvement, { decimals: 4 })}</dd>
            <dt>Models updated</dt>
            <dd>{count(o.models_updated)}</dd>
            <dt>Last update</dt>
            <dd>{o.last_update_time ? `${formatIstDateTime(o.last_update_time)} IST` : 'Never'}</dd>
          </Facts>
          <Note>
            {onlineLearningLabel(o)}. Average improvement is the drop in holdout log-loss of the updates kept.
            {o.note ? ` ${o.note}` : ''}
          </Note>
        </>
      )}
    </StatusCard>
  );
}

const ENHANCEMENTS = [
  ['ensemble', 'Ensemble Optimizer'],
  ['explainability', 'Explainability'],
  ['online_learning', 'Online Learning'],
  ['sentiment_analysis', 'Sentiment Analysis'],
] as const;

/** spec part 2 §2.6: the four status cards of ML Enhancements, badged Active, Initializing or Inactive. */
export function EnhancementStatusCards({ query }: { query: UseQueryResult<EnhancementsStatus> }) {
  return (
    <Grid $min="220px">
      {ENHANCEMENTS.map(([key, title]) => {
        const state = query.data?.[key];
        return (
          <Card key={key} title={title} action={state && <EnhancementBadge {...state} />}>
            {state ? (
              <Note>{state.reason ?? (state.active ? 'Running on live data.' : '')}</Note>
            ) : query.isError ? (
              <NotConnected error={query.error} />
            ) : (
              <Note aria-busy="true">Loading…</Note>
            )}
          </Card>
        );
      })}
    </Grid>
  );
}
