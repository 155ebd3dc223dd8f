import type { BudgetSource } from '@td/contracts';
import {
  Badge,
  Banner,
  Button,
  ErrorPanel,
  formatINR,
  formatPercent,
  Page,
  PageHeader,
  Skeleton,
  Tabs,
} from '@td/ui';
import styled from 'styled-components';
import { AdvancedTab } from './advanced-tab';
import { AiRecommendationTab } from './ai-recommendation-tab';
import { CONNECTION_ISSUES_TITLE, CONNECTION_LABELS } from './allocation-messages';
import { StrategyTab } from './strategy-tab';
import { useAllocationScreen } from './use-allocation-screen';

const SaveBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Outcome = styled.p<{ $failed: boolean }>`
  margin: 0;
  color: ${({ theme, $failed }) => ($failed ? theme.colors.negative : theme.colors.positive)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

/** Inside Settings: the page's spacing without its frame (the Settings page has the one h1). */
const Embedded = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space(4)};
  > div:first-child { align-self: flex-start; }
`;

const Today = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: 1.5;
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const SOURCE_TEXT: Record<BudgetSource, string> = {
  daily_amount: 'daily amount you set',
  manual_pct: 'manual percent you set',
  strategy: 'chosen strategy',
  ai: 'AI recommendation',
};

const CONNECTION_TONE = { connecting: 'neutral', connected: 'positive', disconnected: 'negative' } as const;

/**
 * spec part 1 §2 "Daily Investment Allocation" (/allocation and /admin/allocation): how much the
 * trading loop may invest each day. `embedded` drops the page frame inside the Settings screen.
 */
export function AllocationPage({ embedded = false }: { embedded?: boolean }) {
  const screen = useAllocationScreen();
  const { values, settings } = screen;
  const fieldErrors = Object.values(screen.errors).filter(Boolean);

  const saveBar = (
    <SaveBar>
      <Button
        onClick={screen.submit}
        loading={screen.saving}
        disabled={!values || screen.connection !== 'connected'}
      >
        Save Settings
      </Button>
      {screen.outcome && (
        <Outcome
          role={screen.outcome.kind === 'failed' ? 'alert' : 'status'}
          $failed={screen.outcome.kind === 'failed'}
        >
          {screen.outcome.message}
        </Outcome>
      )}
      {fieldErrors.length > 0 && (
        <Outcome role="alert" $failed>
          Not saved: {fieldErrors.join(' ')}
        </Outcome>
      )}
    </SaveBar>
  );

  const body = () => {
    if (!settings.data || !values) {
      if (settings.isError) {
        return (
          <ErrorPanel
            title={screen.connectionProblem ?? ''}
            message={settings.error.message}
            onRetry={screen.retry}
            retrying={settings.isFetching}
          />
        );
      }
      return <Skeleton lines={6} label="Loading allocation settings" />;
    }
    return (
      <Tabs
        label="Allocation views"
        tabs={[
          {
            id: 'strategy',
            label: 'Allocation Strategy',
            content: (
              <StrategyTab
                values={values}
                errors={screen.errors}
                strategies={screen.dailyAmount.data?.all_strategies}
                disconnected={screen.connection !== 'connected'}
                onChange={screen.change}
                onDailyAmountBlur={screen.onDailyAmountBlur}
              />
            ),
          },
          {
            id: 'ai',
            label: 'AI Recommendation',
            content: <AiRecommendationTab query={screen.recommendation} />,
          },
          {
            id: 'advanced',
            label: 'Advanced Settings',
            content: (
              <AdvancedTab
                values={values}
                errors={screen.errors}
                settings={settings.data}
                onChange={screen.change}
              />
            ),
          },
        ]}
      />
    );
  };

  const connectionBadge = (
    <Badge tone={CONNECTION_TONE[screen.connection]} dot>
      {CONNECTION_LABELS[screen.connection]}
    </Badge>
  );
  const effective = settings.data?.effective;
  const content = (
    <>
      {embedded && <div>{connectionBadge}</div>}
      {screen.connectionProblem && (
        <Banner
          tone="error"
          title={CONNECTION_ISSUES_TITLE}
          actions={
            <Button size="sm" variant="secondary" onClick={screen.retry} loading={settings.isFetching}>
              Try Again
            </Button>
          }
        >
          {screen.connectionProblem}
        </Banner>
      )}
      {effective && (
        <Today>
          Today the trading loop may invest <strong>{formatINR(effective.daily_amount)}</strong> (
          {formatPercent(effective.allocation_pct, { decimals: 1 })} of {formatINR(effective.capital)}, from
          the {SOURCE_TEXT[effective.source]}); the day's new positions may lose at most{' '}
          {formatINR(effective.max_daily_risk)} at their stop-losses.
        </Today>
      )}
      {body()}
      {saveBar}
    </>
  );

  if (embedded) return <Embedded>{content}</Embedded>;
  return (
    <Page>
      <PageHeader
        title="Daily Investment Allocation"
        subtitle="How much of the capital the trading loop may invest each day"
        actions={connectionBadge}
      />
      {content}
    </Page>
  );
}
