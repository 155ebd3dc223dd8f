import type { ApiInstance, Deployment } from '@td/contracts';
import { Badge, Card, FactList, formatAge, PhoneList, Table, type TableColumn, WideOnly } from '@td/ui';
import styled from 'styled-components';
import { gaugeTone } from './resource-gauge';

const Detail = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Name = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-family: ${({ theme }) => theme.font.mono};
`;

const memory = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const heartbeatAge = (instance: ApiInstance) => `${formatAge(instance.heartbeat_age_seconds * 1000)} ago`;
const cpu = (instance: ApiInstance) => (
  <Badge tone={gaugeTone(instance.cpu_percent)}>{instance.cpu_percent.toFixed(1)}%</Badge>
);

const name = (instance: ApiInstance) => (
  <Name>
    {instance.host} · {instance.pid}
    {instance.this_instance && <Badge tone="neutral">this one</Badge>}
  </Name>
);
const role = (instance: ApiInstance) =>
  instance.leader ? (
    <Badge tone="info" dot>
      Leader
    </Badge>
  ) : (
    'Follower'
  );

const COLUMNS: readonly TableColumn<ApiInstance>[] = [
  { key: 'instance', header: 'Instance', cell: name },
  { key: 'role', header: 'Role', cell: role },
  { key: 'cpu', header: 'CPU', align: 'right', cell: cpu },
  { key: 'memory', header: 'Memory', align: 'right', cell: (instance) => memory(instance.memory_bytes) },
  { key: 'connections', header: 'Connections', align: 'right', cell: (instance) => instance.connections },
  { key: 'heartbeat', header: 'Last heartbeat', align: 'right', cell: heartbeatAge },
];

/** Issue 24 point 5: one instance on this machine, or the live instances of a cluster and which one leads. */
export function InstancesCard({ deployment }: { deployment: Deployment }) {
  if (deployment.mode === 'single') {
    const { instance } = deployment;
    return (
      <Card title="Instances" action={<Badge tone="neutral">Single machine</Badge>}>
        <Detail>{deployment.detail}</Detail>
        <FactList aria-label="This instance">
          <dt>Host</dt>
          <dd>
            {instance.host} · PID {instance.pid}
          </dd>
          <dt>CPU</dt>
          <dd>{cpu(instance)}</dd>
          <dt>Memory</dt>
          <dd>{memory(instance.memory_bytes)}</dd>
          <dt>Connections</dt>
          <dd>{instance.connections}</dd>
        </FactList>
      </Card>
    );
  }
  const count = deployment.instances.length;
  const empty = `No instance has sent a heartbeat in the last ${deployment.live_within_seconds} s.`;
  return (
    <Card
      title="Instances"
      action={
        <Badge tone={deployment.leader_id ? 'positive' : 'warning'} dot>
          {count} live · {deployment.leader_id ? 'leader elected' : 'no leader'}
        </Badge>
      }
    >
      <Detail>{deployment.detail}</Detail>
      <WideOnly>
        <Table
          label="Live instances"
          columns={COLUMNS}
          rows={deployment.instances}
          rowKey={(instance) => instance.id}
          emptyText={empty}
        />
      </WideOnly>
      <PhoneList aria-label="Live instances">
        {count === 0 && <li>{empty}</li>}
        {deployment.instances.map((instance) => (
          <li key={instance.id}>
            <span>
              {name(instance)}
              <br />
              <small>
                {memory(instance.memory_bytes)} · {instance.connections} connections ·{' '}
                {heartbeatAge(instance)}
              </small>
            </span>
            <span className="right">
              {role(instance)} {cpu(instance)}
            </span>
          </li>
        ))}
      </PhoneList>
    </Card>
  );
}
