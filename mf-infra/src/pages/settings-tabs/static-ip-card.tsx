import { errorMessage, useUpstoxStaticIp } from '@td/api-client';
import type { UpstoxStaticIp } from '@td/contracts';
import { Badge, Banner, Card, ErrorPanel, formatIstDateTime, Skeleton, type Tone } from '@td/ui';
import styled from 'styled-components';
import { BrokerFacts } from './settings-tab-layout';

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Warnings = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const SOURCE_BADGE: Record<UpstoxStaticIp['source'], { label: string; tone: Tone }> = {
  upstox: { label: 'From Upstox', tone: 'positive' },
  configured: { label: 'Configured', tone: 'info' },
  none: { label: 'Unknown', tone: 'warning' },
};

/** Where the address came from, said plainly: Upstox reports what is registered, not what it sees. */
function sourceText(ip: UpstoxStaticIp): string {
  if (ip.source === 'upstox')
    return `Registered with Upstox for this account (asked once this Upstox session, ${formatIstDateTime(ip.checked_at)} IST)`;
  if (ip.source === 'configured') return 'UPSTOX_STATIC_IP on the API server (not confirmed by Upstox)';
  return 'Not known: connect Upstox or set UPSTOX_STATIC_IP on the API server';
}

/** SEBI 2025 / Upstox from 1 April 2026: orders are accepted only from the account's registered static IP. */
export function StaticIpCard() {
  const query = useUpstoxStaticIp();
  if (query.isPending) return <Skeleton lines={2} label="Loading the static IP" />;
  if (query.isError)
    return (
      <ErrorPanel
        title="Static IP unavailable"
        message={errorMessage(query.error, 'The static IP could not be loaded.')}
        onRetry={() => void query.refetch()}
      />
    );
  const ip = query.data;
  const badge = SOURCE_BADGE[ip.source];
  return (
    <Card title="Static IP" action={<Badge tone={badge.tone}>{badge.label}</Badge>}>
      {(ip.changed_from || ip.configured_mismatch) && (
        <Warnings>
          {ip.changed_from && (
            <Banner tone="warning" title="Static IP changed since the last Upstox session">
              It was {ip.changed_from} and is now {ip.address ?? 'not registered'}. Upstox accepts orders only
              from a registered address: check Upstox → My Apps → Static IPs before trading live.
            </Banner>
          )}
          {ip.configured_mismatch && (
            <Banner tone="warning" title="Configured address not registered with Upstox">
              UPSTOX_STATIC_IP on the API server is {ip.configured_address}, which Upstox does not have
              registered, so Upstox would reject orders sent from it.
            </Banner>
          )}
        </Warnings>
      )}
      <BrokerFacts>
        <dt>Address for Upstox orders</dt>
        <dd>{ip.address ?? 'Not known'}</dd>
        {ip.secondary_address && (
          <>
            <dt>Secondary</dt>
            <dd>{ip.secondary_address}</dd>
          </>
        )}
        <dt>Source</dt>
        <dd>{sourceText(ip)}</dd>
      </BrokerFacts>
      {ip.note && <Note>{ip.note}</Note>}
    </Card>
  );
}
