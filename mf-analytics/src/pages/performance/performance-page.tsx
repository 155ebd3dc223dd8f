import { isApiError } from '@td/api-client';
import type { PerformancePeriod } from '@td/contracts';
import { usePlatform } from '@td/platform';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorPanel,
  Page,
  PageHeader,
  Skeleton,
  saveFile,
  Tabs,
} from '@td/ui';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { MonthlyTable, StocksTable, StrategiesTable } from './breakdown-tables';
import { ConnectionIssuesBanner } from './connection-issues-banner';
import { MetricCards } from './metric-cards';
import { OverviewTab } from './overview-tab';
import { FilterBar, type PerformanceFilterValue, PeriodSelect } from './performance-controls';
import { DATA_NOT_AVAILABLE, PERIOD_LABELS, SERVICE_NOT_CONNECTED } from './performance-messages';
import { performanceReportCsv, performanceReportFilename } from './performance-report';
import { SourceNote } from './source-note';
import { StatisticsTab } from './statistics-tab';
import { usePerformanceData } from './use-performance-data';

// Its own chunk, with the request's schema: it downloads when the Backtest tab opens.
const BacktestTab = lazy(
  () => import(/* webpackChunkName: "performance-backtest" */ './backtest/backtest-tab'),
);

const PERFORMANCE_TABS = ['overview', 'monthly', 'stocks', 'strategies', 'statistics', 'backtest'] as const;
type PerformanceTab = (typeof PERFORMANCE_TABS)[number];
const isPerformanceTab = (id: string | null): id is PerformanceTab =>
  PERFORMANCE_TABS.includes(id as PerformanceTab);

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** spec part 2 §2.3 "Performance Analytics" (route /performance), every figure from the ledger. */
export function PerformancePage() {
  const { notify } = usePlatform();
  const [period, setPeriod] = useState<PerformancePeriod>('all');
  const [filter, setFilter] = useState<PerformanceFilterValue>({});
  const [filterOpen, setFilterOpen] = useState(false);
  const data = usePerformanceData({ period, ...filter });
  // The open tab is kept in the address (?tab=), so a reload or a link opens the same one.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: PerformanceTab = isPerformanceTab(requested) ? requested : 'overview';
  const analytics = data.analytics.data;
  const returns = data.returns.data;
  const failed = data.error !== null;
  const connection = failed ? 'Disconnected' : analytics && returns ? 'Connected' : null;
  const empty = Boolean(analytics && returns && analytics.total_trades === 0 && returns.equity.length === 0);

  const exportReport = () => {
    if (!analytics || !returns) return;
    const filename = performanceReportFilename(period);
    saveFile(new Blob([performanceReportCsv(analytics, returns, filter)], { type: 'text/csv' }), filename);
    notify('success', `Performance report saved as ${filename}`);
  };

  const tables = (content: ReactNode) => (
    <Card action={<SourceNote source={returns?.source} />}>{content}</Card>
  );
  /** Instead of the ledger's tabs while their figures are failing, empty or loading. */
  const ledgerState = (): ReactNode | undefined => {
    if (failed && (!analytics || !returns)) {
      const disconnected = isApiError(data.error) && data.error.isDisconnected;
      return (
        <ErrorPanel
          title={DATA_NOT_AVAILABLE}
          message={disconnected ? SERVICE_NOT_CONNECTED : data.error?.message}
          onRetry={() => void data.refresh()}
          retrying={data.refreshing}
        />
      );
    }
    if (!analytics || !returns) return null;
    if (empty) {
      const where = analytics.from === null ? 'yet' : `in ${PERIOD_LABELS[period].toLowerCase()}`;
      return (
        <EmptyState
          title={DATA_NOT_AVAILABLE}
          message={`No closed trades and no sessions ${where} in the ${analytics.source.account} account${
            filter.strategy || filter.symbol ? ' for this filter' : ''
          }. Figures appear after the first session with cash or shares.`}
        />
      );
    }
    return undefined;
  };
  const body = () => {
    const state = ledgerState();
    const ledger = (content: () => ReactNode) => (state === undefined ? content() : state);
    return (
      <Tabs
        label="Performance views"
        value={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
        tabs={[
          {
            id: 'overview',
            label: 'Overview',
            content: ledger(() => <OverviewTab analytics={analytics!} returns={returns!} />),
          },
          {
            id: 'monthly',
            label: 'Monthly',
            content: ledger(() => tables(<MonthlyTable rows={returns!.monthly} />)),
          },
          {
            id: 'stocks',
            label: 'Stocks',
            content: ledger(() => tables(<StocksTable rows={returns!.stocks} />)),
          },
          {
            id: 'strategies',
            label: 'Strategies',
            content: ledger(() => tables(<StrategiesTable rows={returns!.strategies} />)),
          },
          {
            id: 'statistics',
            label: 'Statistics',
            content: ledger(() => <StatisticsTab analytics={analytics!} />),
          },
          {
            id: 'backtest',
            label: 'Backtest',
            content: (
              <Suspense fallback={<Skeleton block={{ height: '240px' }} label="Loading the backtest" />}>
                <BacktestTab />
              </Suspense>
            ),
          },
        ]}
      />
    );
  };

  return (
    <Page>
      <PageHeader
        title="Performance Analytics"
        subtitle="Returns, risk and trade statistics from the ledger"
        actions={
          <>
            {connection && (
              <Badge tone={connection === 'Connected' ? 'positive' : 'negative'} dot>
                {connection}
              </Badge>
            )}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void data.refresh()}
              loading={data.refreshing}
            >
              Refresh
            </Button>
          </>
        }
      />
      {failed && (
        <ConnectionIssuesBanner
          onRetry={() => void data.refresh()}
          retrying={data.refreshing}
          lastAttempt={data.lastAttempt}
        />
      )}
      {tab !== 'backtest' && (
        <>
          <Toolbar>
            <PeriodSelect value={period} onChange={setPeriod} />
            <Button
              size="sm"
              variant={filterOpen || filter.strategy || filter.symbol ? 'primary' : 'secondary'}
              aria-expanded={filterOpen}
              onClick={() => setFilterOpen((open) => !open)}
            >
              Filter{filter.strategy || filter.symbol ? ' (on)' : ''}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={exportReport}
              disabled={!analytics || !returns || failed || empty}
            >
              Export Report
            </Button>
          </Toolbar>
          {filterOpen && (
            <FilterBar
              value={filter}
              strategies={returns?.filters.strategies ?? []}
              symbols={returns?.filters.symbols ?? []}
              onChange={setFilter}
            />
          )}
          <MetricCards analytics={analytics} loading={data.loading} failed={failed || empty} />
          {!failed && <SourceNote source={analytics?.source} />}
        </>
      )}
      {body()}
    </Page>
  );
}
