import type { KubernetesStatus } from '@td/contracts';
import { Badge, Card, FactList, formatIstClock } from '@td/ui';
import styled from 'styled-components';

const Detail = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const percentOrDash = (value: number | null) => (value === null ? '—' : `${value}%`);

/** The HorizontalPodAutoscaler's replicas when the API runs in Kubernetes; otherwise it says it does not. */
export function KubernetesCard({ kubernetes }: { kubernetes: KubernetesStatus }) {
  if (kubernetes.state === 'absent') {
    return (
      <Card title="Kubernetes" action={<Badge tone="neutral">Not in Kubernetes</Badge>}>
        <Detail>{kubernetes.detail}</Detail>
      </Card>
    );
  }
  if (kubernetes.state === 'unreadable') {
    return (
      <Card
        title="Kubernetes"
        action={
          <Badge tone="warning" dot>
            HPA unreadable
          </Badge>
        }
      >
        <FactList aria-label="Kubernetes autoscaler">
          <dt>Autoscaler</dt>
          <dd>
            {kubernetes.namespace}/{kubernetes.hpa}
          </dd>
        </FactList>
        <Detail role="alert">{kubernetes.detail}</Detail>
      </Card>
    );
  }
  const scaling = kubernetes.desired_replicas !== kubernetes.current_replicas;
  return (
    <Card
      title="Kubernetes"
      action={
        <Badge tone={scaling ? 'warning' : 'positive'} dot>
          {scaling ? 'Scaling' : 'Steady'}
        </Badge>
      }
    >
      <FactList aria-label="Kubernetes autoscaler">
        <dt>Replicas</dt>
        <dd>
          {kubernetes.current_replicas} now · {kubernetes.desired_replicas} desired
        </dd>
        <dt>Bounds</dt>
        <dd>
          min {kubernetes.min_replicas} · max {kubernetes.max_replicas}
        </dd>
        <dt>CPU</dt>
        <dd>
          {percentOrDash(kubernetes.current_cpu_percent)} of target{' '}
          {percentOrDash(kubernetes.target_cpu_percent)}
        </dd>
        <dt>Read at</dt>
        <dd>{formatIstClock(kubernetes.read_at)}</dd>
      </FactList>
      <Detail>{kubernetes.detail}</Detail>
    </Card>
  );
}
