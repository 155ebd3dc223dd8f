import { useEmergencyStop } from '@td/api-client';
import { usePlatform } from '@td/platform';
import { Badge, Button, EmergencyStopControl, Page, PageHeader, Tabs } from '@td/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AlertsTab, countAwaitingAcknowledgement } from './alerts-tab';
import { LimitsTab } from './limits-tab';
import { OfflineBanner } from './offline-banner';
import { OverviewTab } from './overview-tab';
import { PositionsTab } from './positions-tab';
import { RiskSourceNote } from './risk-source-note';
import { useRiskData } from './use-risk-data';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface RiskPageProps {
  /** Inside the Settings screen's Risk Management tab: no page padding and no h1 of its own. */
  embedded?: boolean;
}

/** spec part 1 §2 "Risk Management" (route /risk), every figure from the risk engine; nothing invented. */
export function RiskPage({ embedded = false }: RiskPageProps) {
  const { notify } = usePlatform();
  const data = useRiskData();
  const stop = useEmergencyStop({ notify });
  const metrics = data.metrics.data;
  const positions = data.positions.data;
  const alerts = data.alerts.data;
  const unacknowledged = countAwaitingAcknowledgement(alerts);
  const tab = (content: ReactNode) => <Stack>{content}</Stack>;

  const actions = (
    <>
      <Badge tone={data.offline ? 'negative' : metrics ? 'positive' : 'neutral'} dot>
        {data.offline ? 'Offline' : metrics ? 'Connected' : 'Connecting'}
      </Badge>
      <Button size="sm" variant="secondary" onClick={() => void data.refresh()} loading={data.refreshing}>
        Refresh
      </Button>
      <EmergencyStopControl flow={stop} />
    </>
  );
  const body = (
    <>
      {data.offline && (
        <OfflineBanner
          failures={data.failures}
          lastGoodAt={data.lastGoodAt}
          onRetry={() => void data.refresh()}
          retrying={data.refreshing}
        />
      )}
      <RiskSourceNote source={metrics ?? positions} />
      <Tabs
        label="Risk views"
        tabs={[
          {
            id: 'overview',
            label: 'Overview',
            content: tab(<OverviewTab metrics={metrics} loading={data.metrics.isPending} />),
          },
          {
            id: 'positions',
            label: 'Positions',
            content: tab(
              <PositionsTab positions={positions?.positions} loading={data.positions.isPending} />,
            ),
          },
          {
            id: 'limits',
            label: 'Limits',
            content: tab(<LimitsTab limits={data.limits.data} loading={data.limits.isPending} />),
          },
          {
            id: 'alerts',
            label: unacknowledged ? `Alerts (${unacknowledged})` : 'Alerts',
            content: tab(<AlertsTab alerts={alerts} loading={data.alerts.isPending} />),
          },
        ]}
      />
    </>
  );

  if (embedded) {
    return (
      <Stack>
        <Toolbar>{actions}</Toolbar>
        {body}
      </Stack>
    );
  }
  return (
    <Page>
      <PageHeader
        title="Risk Management"
        subtitle="Value at risk, beta, drawdown and stress tests of today's positions; limits and alerts"
        actions={actions}
      />
      {body}
    </Page>
  );
}
