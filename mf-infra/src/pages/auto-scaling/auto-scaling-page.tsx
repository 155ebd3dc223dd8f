import { errorMessage, useAutoScalingStatus } from '@td/api-client';
import { SCALING_RULES } from '@td/contracts';
import {
  Badge,
  Button,
  Card,
  ErrorPanel,
  FactList,
  formatIstClock,
  Page,
  PageHeader,
  Skeleton,
  Tile,
  TileGrid,
} from '@td/ui';
import styled from 'styled-components';
import { InstancesCard } from './instances-card';
import { KubernetesCard } from './kubernetes-card';
import { gaugeTone, latencyLabel, ResourceGauge } from './resource-gauge';
import { ScalingDecisionCard } from './scaling-decision-card';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Gauges = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(3)};
  }
`;

const Detail = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Info = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => `${theme.colors.info}66`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => `${theme.colors.info}12`};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const TITLE = 'Auto-Scaling Monitor';
const percent = (value: number) => `${value.toFixed(1)}%`;

/**
 * spec part 2 §2.7 (route /auto-scaling): this API process and machine, measured, with the scaling
 * rules; the instances serving the dashboard and, in Kubernetes, its autoscaler (issue 24 point 5).
 */
export function AutoScalingPage() {
  const query = useAutoScalingStatus();
  const status = query.data;
  const retry = () => void query.refetch();
  const failure = query.isError && (
    <ErrorPanel
      title="Failed to fetch scaling status"
      message={errorMessage(query.error, 'Failed to fetch scaling status')}
      onRetry={retry}
      retrying={query.isFetching}
    />
  );
  if (!status) {
    return (
      <Page>
        <PageHeader title={TITLE} />
        {failure || (
          <>
            <p role="status">Loading auto-scaling status...</p>
            <Skeleton lines={6} label="Loading auto-scaling status" />
          </>
        )}
      </Page>
    );
  }

  const { metrics } = status;
  // "local process, 2 vCPU": the kind as the value, the size under it.
  const [kind = status.instance_type, size] = status.instance_type.split(', ');
  const latency = metrics.latency === null ? null : latencyLabel(metrics.latency);
  const infra = status.status === 'running' ? 'positive' : status.status === 'closed' ? 'neutral' : 'warning';
  return (
    <Page>
      <PageHeader
        title={TITLE}
        subtitle="Measured by the API instance that answers · refreshes every 30 s"
        actions={
          <Button size="sm" variant="secondary" onClick={retry} loading={query.isFetching}>
            Refresh
          </Button>
        }
      />
      {failure}
      <TileGrid>
        <Tile
          label="Instance Status"
          value={
            <Badge tone={status.instance_state === 'running' ? 'positive' : 'neutral'} dot>
              {status.instance_state === 'running' ? 'Running' : 'Stopped'}
            </Badge>
          }
        />
        <Tile label="Instance Type" value={kind} subValue={size} />
        <Tile
          label="Market Status"
          value={status.market_open ? 'Open' : 'Closed'}
          subValue={status.market_status}
        />
        <Tile
          label="API Health"
          value={status.api_healthy ? 'Healthy' : 'Issues'}
          tone={status.api_healthy ? 'positive' : 'negative'}
          subValue={status.api_health_detail}
        />
      </TileGrid>
      <Gauges>
        <ResourceGauge
          title="CPU Usage"
          value={percent(metrics.cpu)}
          percent={metrics.cpu}
          tone={gaugeTone(metrics.cpu)}
          note={`API process, share of one core · machine ${percent(metrics.cpu_machine)} · event-loop delay ${metrics.event_loop_delay_ms} ms (p99 ${metrics.event_loop_delay_p99_ms} ms)`}
        />
        <ResourceGauge
          title="Memory Usage"
          value={percent(metrics.memory)}
          percent={metrics.memory}
          tone={gaugeTone(metrics.memory)}
          note={`Machine memory in use · API process ${metrics.memory_process_mb} MB`}
        />
        <ResourceGauge
          title="API Latency"
          value={metrics.latency === null ? '—' : `${metrics.latency} ms`}
          percent={metrics.latency === null ? 0 : Math.min(100, (metrics.latency / 300) * 100)}
          tone={latency?.tone ?? 'neutral'}
          note={
            latency
              ? `${latency.label} · p50 of the last ${metrics.requests_measured} requests, p95 ${metrics.latency_p95} ms`
              : 'No requests measured yet.'
          }
        />
      </Gauges>
      <InstancesCard deployment={status.deployment} />
      <Columns>
        <ScalingDecisionCard scaling={status.scaling} />
        <KubernetesCard kubernetes={status.kubernetes} />
        <Card title="Upstox Connection">
          <FactList aria-label="Upstox connection">
            <dt>Status</dt>
            <dd>{status.upstox_status.status}</dd>
            <dt>Mode</dt>
            <dd>{status.upstox_status.mode}</dd>
            <dt>Accessible</dt>
            <dd>{status.upstox_status.accessible ? 'Yes' : 'No'}</dd>
          </FactList>
          <Detail>{status.upstox_status.detail}</Detail>
        </Card>
        <Card title="AWS Infrastructure">
          <FactList aria-label="AWS infrastructure">
            <dt>AWS Connected</dt>
            <dd>{status.aws_connected ? 'Yes' : 'No — not running on AWS'}</dd>
            <dt>Overall Status</dt>
            <dd>
              <Badge tone={infra} dot>
                {status.status}
              </Badge>
            </dd>
            <dt>Last Update</dt>
            <dd>{formatIstClock(status.last_update)}</dd>
          </FactList>
          <Detail>{status.aws_detail}</Detail>
        </Card>
      </Columns>
      <Info>
        Scales up when CPU is above {SCALING_RULES.scaleUpAbovePercent}% for {SCALING_RULES.scaleUpForMinutes}{' '}
        minutes, down when below {SCALING_RULES.scaleDownBelowPercent}% for{' '}
        {SCALING_RULES.scaleDownForMinutes} minutes, maximum {SCALING_RULES.maxInstances} instances.
      </Info>
    </Page>
  );
}
