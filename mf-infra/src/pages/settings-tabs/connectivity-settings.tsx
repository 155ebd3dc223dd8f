import {
  errorMessage,
  useBrokerIntegration,
  useConnectUpstox,
  useDisconnectUpstox,
  useTradingMode,
  useUpstoxConnection,
} from '@td/api-client';
import { liveAllowedUntilText, type TradingModeState } from '@td/contracts';
import { RemoteVersion, usePlatform } from '@td/platform';
import { Badge, Button, Card, ErrorPanel, formatIstClock, formatIstDateTime, Skeleton } from '@td/ui';
import styled from 'styled-components';
import { AlgoIdCard } from './algo-id-card';
import { BrokerFacts, ButtonRow, SettingsTabPage } from './settings-tab-layout';
import { StaticIpCard } from './static-ip-card';
import { TOKEN_LABELS } from './token-status-labels';

const Page = styled(SettingsTabPage)`
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSize.lg}; }
  > p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** SEBI 2025 sessions: until when the Upstox session allows live trading, or what to do once it ended. */
function liveSessionText(mode: TradingModeState | undefined, status: string): string {
  if (!mode) return '—';
  if (mode.live_allowed_until) return liveAllowedUntilText(formatIstClock(mode.live_allowed_until));
  const reason = mode.live_unavailable_reason;
  // The Status row often says the same sentence already: point at it rather than repeat it.
  if (reason === status) return 'Not allowed: see Status';
  return reason ?? '—';
}

/** spec part 2 §2.2 "Connectivity Settings": the broker connections (Upstox through its OAuth flow). */
export function ConnectivitySettings() {
  const { notify } = usePlatform();
  const status = useUpstoxConnection();
  const integration = useBrokerIntegration();
  const token = integration.data ? TOKEN_LABELS[integration.data.token_state] : null;
  const connect = useConnectUpstox();
  const disconnect = useDisconnectUpstox();
  const mode = useTradingMode();

  const startConnect = async () => {
    try {
      const url = await connect.mutateAsync();
      // Upstox signs the trader in and sends the browser back to the API's callback.
      window.open(url, '_blank', 'noopener,noreferrer');
      notify('info', 'Finish signing in to Upstox in the new tab; this page updates by itself.');
    } catch (error) {
      notify('error', errorMessage(error, 'Could not start the Upstox sign-in. Please try again.'));
    }
  };
  const stop = async () => {
    try {
      await disconnect.mutateAsync();
      notify('success', 'Upstox disconnected. Market data falls back to another feed.');
    } catch (error) {
      notify('error', errorMessage(error, 'Could not disconnect Upstox. Please try again.'));
    }
  };

  return (
    <Page aria-label="Connectivity">
      <h2>Connectivity</h2>
      <p>Manage broker connections and API settings.</p>
      {status.isPending && <Skeleton lines={3} label="Loading broker connections" />}
      {status.isError && (
        <ErrorPanel
          title="Broker status unavailable"
          message={errorMessage(status.error, 'The Upstox status could not be loaded.')}
          onRetry={() => void status.refetch()}
        />
      )}
      {status.data && (
        <Card
          title="Upstox"
          action={
            <Badge
              tone={status.data.connected ? 'positive' : status.data.configured ? 'warning' : 'neutral'}
              dot
            >
              {status.data.connected
                ? 'Connected'
                : status.data.configured
                  ? 'Not connected'
                  : 'Not configured'}
            </Badge>
          }
        >
          <BrokerFacts>
            <dt>Status</dt>
            <dd>{status.data.message}</dd>
            <dt>Feed mode</dt>
            <dd>{status.data.mode ?? '—'}</dd>
            <dt>Access token</dt>
            <dd>{token ? <Badge tone={token.tone}>{token.label}</Badge> : '—'}</dd>
            <dt>Last sync</dt>
            <dd>{status.data.last_sync ? formatIstDateTime(status.data.last_sync) : 'Never'}</dd>
            <dt>Live trading</dt>
            <dd>{liveSessionText(mode.data, status.data.message)}</dd>
          </BrokerFacts>
          <ButtonRow>
            <Button onClick={startConnect} loading={connect.isPending} disabled={!status.data.configured}>
              {status.data.connected ? 'Reconnect' : 'Connect Upstox'}
            </Button>
            <Button variant="danger" onClick={stop} loading={disconnect.isPending}>
              Disconnect
            </Button>
          </ButtonRow>
          {!status.data.configured && (
            <p>Save your Upstox API key and secret in the Data Sources tab first.</p>
          )}
        </Card>
      )}
      <StaticIpCard />
      <AlgoIdCard />
      <RemoteVersion />
    </Page>
  );
}
