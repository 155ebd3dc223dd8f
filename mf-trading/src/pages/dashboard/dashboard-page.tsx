import { Badge, Button, Page, PageHeader } from '@td/ui';
import styled from 'styled-components';
import { useLivePortfolioOverview } from '../../live/use-live-portfolio-overview';
import { ConnectionIssuesBanner } from './connection-issues-banner';
import {
  LazyIntelligencePipelineCard,
  LazyMlIntelligenceCard,
  LazyRecentActivityCard,
  LazyTradingLoopCard,
} from './dashboard-panels';
import { DashboardTiles } from './dashboard-tiles';
import { MarketStatusCard } from './market-status-card';
import { TradingModeSwitch } from './trading-mode-switch';
import { useRefreshDashboard } from './use-dashboard-data';

/** Two columns of cards from laptop width up, one on tablets and phones. */
const Panels = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.desktopUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** spec part 1 §2 "Dashboard" (routes / and /dashboard). */
export function DashboardPage() {
  const overview = useLivePortfolioOverview();
  const { refresh, refreshing } = useRefreshDashboard();
  // spec part 1 §4 "Dashboard connection": Connected when the overview loaded, Disconnected when it failed.
  const connection = overview.isError ? 'Disconnected' : overview.isSuccess ? 'Connected' : null;
  return (
    <Page>
      <PageHeader
        title="Dashboard"
        subtitle="Portfolio, markets and the AI systems at a glance"
        actions={
          <>
            <TradingModeSwitch />
            {connection && (
              <Badge tone={connection === 'Connected' ? 'positive' : 'negative'} dot>
                {connection}
              </Badge>
            )}
            <Button size="sm" variant="secondary" onClick={() => void refresh()} loading={refreshing}>
              Refresh
            </Button>
          </>
        }
      />
      {overview.isError && <ConnectionIssuesBanner onTryAgain={() => void refresh()} retrying={refreshing} />}
      <DashboardTiles overview={overview.data?.data} loading={overview.isPending} />
      <Panels>
        <LazyTradingLoopCard />
        <MarketStatusCard />
        <LazyMlIntelligenceCard />
        <LazyIntelligencePipelineCard />
        <LazyRecentActivityCard />
      </Panels>
    </Page>
  );
}
