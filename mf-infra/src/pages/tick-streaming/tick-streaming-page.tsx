import { errorMessage, useTickStreamingDashboard } from '@td/api-client';
import { usePlatform } from '@td/platform';
import { Badge, Button, ErrorPanel, Page, PageHeader, Skeleton, Tile, TileGrid } from '@td/ui';
import styled from 'styled-components';
import { connectionLabel } from './connection-tone';
import { DataFlowCard, UpstoxPlusCard } from './data-flow-card';
import { OrderRateCard } from './order-rate-card';
import { SystemHealthCard } from './system-health-card';
import { WebsocketCards } from './websocket-cards';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const TITLE = 'Tick Streaming';

/** spec part 2 §2.9 (route /tick-streaming): the live feed's health, polled every 10 s, live between polls. */
export function TickStreamingPage() {
  const { subscribe } = usePlatform();
  const query = useTickStreamingDashboard(subscribe);
  const dashboard = query.data;
  const refresh = (
    <Button size="sm" variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
      Refresh
    </Button>
  );

  if (!dashboard) {
    return (
      <Page>
        <PageHeader title={TITLE} />
        {query.isError ? (
          <ErrorPanel
            title="Failed to fetch streaming status"
            message={errorMessage(query.error, 'Failed to fetch streaming status')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <>
            <p role="status">Loading tick streaming status...</p>
            <Skeleton lines={6} label="Loading tick streaming status" />
          </>
        )}
      </Page>
    );
  }

  const connection = connectionLabel(dashboard.connection_status);
  const streams = Object.values(dashboard.websocket_health);
  const active = streams.filter((stream) => stream.active).length;
  const { health } = dashboard;
  return (
    <Page>
      <PageHeader
        title={TITLE}
        subtitle={`Source: ${dashboard.source}${dashboard.source === 'simulator' ? ' (simulated ticks)' : ''} · refreshes every 10 s`}
        actions={refresh}
      />
      {query.isError && (
        <ErrorPanel
          title="Failed to fetch streaming status"
          message={`${errorMessage(query.error, 'Failed to fetch streaming status')} Showing the last figures received.`}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      <TileGrid>
        <Tile
          label="Connection Status"
          value={
            <Badge tone={connection.tone} dot>
              {connection.label}
            </Badge>
          }
          subValue={dashboard.source}
        />
        <Tile label="WebSockets" value={`${active}/${streams.length}`} subValue="active / total" />
        <Tile
          label="Ticks/Minute"
          value={health.ticks_per_minute.toLocaleString('en-IN')}
          subValue={`${dashboard.data_flow.ticks_per_second} per second`}
        />
        <Tile
          label="Latency ms"
          value={health.latency_ms === null ? '—' : health.latency_ms}
          subValue={health.latency_p99_ms === null ? 'no ticks yet' : `p99 ${health.latency_p99_ms} ms`}
        />
      </TileGrid>
      <Columns>
        <SystemHealthCard health={health} rates={query.rates} />
        <DataFlowCard flow={dashboard.data_flow} />
      </Columns>
      <OrderRateCard />
      <WebsocketCards streams={dashboard.websocket_health} />
      {dashboard.upstox_plus_features && <UpstoxPlusCard plus={dashboard.upstox_plus_features} />}
    </Page>
  );
}
