import {
  errorMessage,
  useApiClient,
  useBrokerIntegration,
  useDataSources,
  useRefreshDataSource,
  useToggleDataSource,
} from '@td/api-client';
import type { DataSource } from '@td/contracts';
import { RemoteVersion, usePlatform } from '@td/platform';
import { Button, EmptyState, ErrorPanel, Skeleton } from '@td/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { BrokerIntegrationCard } from './broker-integration-card';
import { DataSourceCard } from './data-source-card';
import { DataSourceFormModal } from './data-source-form-modal';
import { HistoricalCandlesCard } from './historical-candles-card';
import { ButtonRow, SettingsTabPage } from './settings-tab-layout';
import { UpstoxCredentialsModal } from './upstox-credentials-modal';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSize.lg}; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: 1fr;
  }
`;

const isActive = (source: DataSource) => source.enabled && source.status !== 'disabled';

/** spec part 2 §2.1 "Data Source Configuration": the Settings screen's Data Sources tab. */
export function DataSourcesSettings() {
  const { notify } = usePlatform();
  const api = useApiClient();
  const sources = useDataSources();
  const integration = useBrokerIntegration();
  const toggle = useToggleDataSource();
  const refresh = useRefreshDataSource();
  const [activeOnly, setActiveOnly] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DataSource | null>(null);
  const [configuring, setConfiguring] = useState(false);
  const [refreshingAll, setRefreshingAll] = useState(false);
  const [busy, setBusy] = useState<Map<string, 'refresh' | 'toggle'>>(new Map());

  const withBusy = async (id: string, what: 'refresh' | 'toggle', work: () => Promise<unknown>) => {
    setBusy((current) => new Map(current).set(id, what));
    try {
      await work();
    } catch (error) {
      notify('error', errorMessage(error, 'The server could not be reached. Please try again.'));
    } finally {
      setBusy((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
    }
  };

  const refreshAll = async () => {
    setRefreshingAll(true);
    const enabled = (sources.data ?? []).filter((s) => s.enabled);
    await Promise.all(enabled.map((s) => withBusy(s.id, 'refresh', () => refresh.mutateAsync(s.id))));
    await sources.refetch();
    setRefreshingAll(false);
    notify('info', `Refreshed ${enabled.length} data source${enabled.length === 1 ? '' : 's'}.`);
  };

  const shown = (sources.data ?? []).filter((s) => !activeOnly || isActive(s));
  return (
    <SettingsTabPage aria-label="Data Sources">
      <Header>
        <div>
          <h2>Data Source Configuration</h2>
          <p>Manage your market data feeds: built-in and your own APIs, with no vendor lock-in.</p>
        </div>
        <ButtonRow>
          <Button variant="secondary" onClick={() => setActiveOnly((v) => !v)}>
            {activeOnly ? 'Show All APIs' : 'Show Active Only'}
          </Button>
          <Button variant="secondary" onClick={refreshAll} loading={refreshingAll} disabled={!sources.data}>
            Refresh All
          </Button>
          <Button onClick={() => setAdding(true)}>Add Data Source</Button>
        </ButtonRow>
      </Header>
      <BrokerIntegrationCard onConfigure={() => setConfiguring(true)} />
      {sources.isPending && <Skeleton lines={6} label="Loading data sources" />}
      {sources.isError && (
        <ErrorPanel
          title="Data sources unavailable"
          message={errorMessage(sources.error, 'The data-source registry could not be loaded.')}
          onRetry={() => void sources.refetch()}
        />
      )}
      {sources.data && shown.length === 0 && (
        <EmptyState title="No active data sources" message="Switch a source on, or show all APIs." />
      )}
      {shown.length > 0 && (
        <Grid>
          {shown.map((source) => (
            <DataSourceCard
              key={source.id}
              source={source}
              refreshing={busy.get(source.id) === 'refresh'}
              toggling={busy.get(source.id) === 'toggle'}
              onRefresh={() => void withBusy(source.id, 'refresh', () => refresh.mutateAsync(source.id))}
              onToggle={(enabled) =>
                void withBusy(source.id, 'toggle', () => toggle.mutateAsync({ id: source.id, enabled }))
              }
              onEdit={() => setEditing(source)}
            />
          ))}
        </Grid>
      )}
      <HistoricalCandlesCard />
      {adding && <DataSourceFormModal open onClose={() => setAdding(false)} />}
      {editing && <DataSourceFormModal open editing={editing} onClose={() => setEditing(null)} />}
      {configuring && (
        <UpstoxCredentialsModal
          open
          onClose={() => setConfiguring(false)}
          integration={integration.data}
          defaultRedirectUri={`${api.baseUrl}/api/upstox/callback`}
        />
      )}
      <RemoteVersion />
    </SettingsTabPage>
  );
}
