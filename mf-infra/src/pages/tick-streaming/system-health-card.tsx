import type { TickStreamingDashboard } from '@td/contracts';
import { Badge, Card, FactList, formatIstClock, healthTone } from '@td/ui';
import styled from 'styled-components';
import { type TickRatePoint, TickRateSparkline } from './tick-rate-sparkline';

const Message = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** spec part 2 §2.9 "System Health": the feed's health block and the tick-rate trend. */
export function SystemHealthCard({
  health,
  rates,
}: {
  health: TickStreamingDashboard['health'];
  rates: readonly TickRatePoint[];
}) {
  const status = health.overall_status;
  return (
    <Card
      title="System Health"
      action={
        <Badge tone={healthTone(status === 'down' ? 'error' : status)} dot>
          {status.charAt(0).toUpperCase() + status.slice(1)}
        </Badge>
      }
    >
      <Message>{health.message}</Message>
      <FactList aria-label="System health">
        <dt>Streaming</dt>
        <dd>{yesNo(health.is_streaming)}</dd>
        <dt>Feed connected</dt>
        <dd>{yesNo(health.is_connected)}</dd>
        <dt>Error rate</dt>
        <dd>{(health.error_rate * 100).toFixed(2)}%</dd>
        <dt>Latency p99</dt>
        <dd>{health.latency_p99_ms === null ? '—' : `${health.latency_p99_ms} ms`}</dd>
        <dt>Memory (API process)</dt>
        <dd>{health.memory_usage_mb} MB</dd>
        <dt>Last tick</dt>
        <dd>{health.last_tick_time ? formatIstClock(health.last_tick_time) : 'None yet'}</dd>
      </FactList>
      <div style={{ marginTop: 16 }}>
        <TickRateSparkline points={rates} />
      </div>
    </Card>
  );
}
