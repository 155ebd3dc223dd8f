import { usePaperLimits, usePaperOverview } from '@td/api-client';
import { usePlatform } from '@td/platform';
import { Banner, Button, Card, ErrorPanel, Page, PageHeader, Skeleton, TileGrid } from '@td/ui';
import { useId, useState } from 'react';
import { AccountTiles } from './account-tiles';
import { RiskLimitsStatus } from './risk-limits-status';
import { TodaysPerformance } from './todays-performance';
import { TradingLimitsForm } from './trading-limits-form';

const SUBTITLE = 'Practice trading with virtual money using real market data.';

function OverviewLoading() {
  return (
    <TileGrid $min="220px">
      {['Cash Balance', 'Portfolio Value', 'Total Return', 'Active Positions'].map((label) => (
        <Skeleton key={label} block={{ height: '96px' }} label={`Loading ${label}`} />
      ))}
    </TileGrid>
  );
}

/**
 * The account's figures. spec part 2 §8 shows defaults when the overview fails; this screen shows
 * no invented figures and says the overview could not be loaded, with Retry.
 */
function AccountOverview() {
  const overview = usePaperOverview();
  const { tradingMode } = usePlatform();
  // In live mode the server's holdings and trade history are the live account's, not the paper one's.
  const paperAccountShown = tradingMode !== 'live';

  if (overview.isPending) return <OverviewLoading />;
  if (overview.isError && !overview.data) {
    return (
      <ErrorPanel
        title="Unable to load the paper trading account"
        message="The balance, returns and risk checks are not shown until the overview loads."
        onRetry={() => overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  }
  return (
    <>
      {overview.isError && (
        <Banner
          tone="warning"
          title="The paper account could not be refreshed"
          actions={
            <Button
              variant="secondary"
              size="sm"
              loading={overview.isFetching}
              onClick={() => overview.refetch()}
            >
              Retry
            </Button>
          }
        >
          The figures below are from the last successful update.
        </Banner>
      )}
      <AccountTiles overview={overview.data} paperAccountShown={paperAccountShown} />
      <TodaysPerformance overview={overview.data} paperAccountShown={paperAccountShown} />
      <RiskLimitsStatus status={overview.data.limits_status} />
    </>
  );
}

function Configuration({ id }: { id: string }) {
  const limits = usePaperLimits();
  return (
    <div id={id}>
      <Card title="Trading Limits">
        {limits.isPending && <Skeleton lines={4} label="Loading trading limits" />}
        {limits.isError && (
          <ErrorPanel
            title="Unable to load the trading limits"
            onRetry={() => limits.refetch()}
            retrying={limits.isFetching}
          />
        )}
        {limits.data && <TradingLimitsForm limits={limits.data} />}
      </Card>
    </div>
  );
}

/** spec part 2 §2.5: /paper-trading. */
export function PaperTradingPage() {
  const [configuring, setConfiguring] = useState(false);
  const configurationId = useId();
  return (
    <Page>
      <PageHeader
        title="Paper Trading"
        subtitle={SUBTITLE}
        actions={
          <Button
            variant="secondary"
            aria-expanded={configuring}
            aria-controls={configuring ? configurationId : undefined}
            onClick={() => setConfiguring((open) => !open)}
          >
            Configuration
          </Button>
        }
      />
      {configuring && <Configuration id={configurationId} />}
      <AccountOverview />
    </Page>
  );
}
