import { type AutoScalingStatus, SCALING_RULES } from '@td/contracts';
import { Badge, Card, FactList, formatAge, type Tone } from '@td/ui';
import styled from 'styled-components';

const Reason = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const ACTION: Record<AutoScalingStatus['scaling']['action'], { label: string; tone: Tone }> = {
  scale_up: { label: 'Scale up', tone: 'warning' },
  scale_down: { label: 'Scale down', tone: 'info' },
  hold: { label: 'Hold', tone: 'positive' },
};

const held = (seconds: number, ruleMinutes: number) =>
  seconds > 0 ? `${formatAge(seconds * 1000)} of ${ruleMinutes} min` : 'not now';

/** spec part 2 §9: the scaling rules evaluated on the sampled window, and how long each has held. */
export function ScalingDecisionCard({ scaling }: { scaling: AutoScalingStatus['scaling'] }) {
  const action = ACTION[scaling.action];
  return (
    <Card
      title="Scaling decision"
      action={
        <Badge tone={action.tone} dot>
          {action.label}
        </Badge>
      }
    >
      <Reason>{scaling.reason}</Reason>
      <FactList aria-label="Scaling rules">
        <dt>CPU above {SCALING_RULES.scaleUpAbovePercent}%</dt>
        <dd>{held(scaling.above_for_seconds, SCALING_RULES.scaleUpForMinutes)}</dd>
        <dt>CPU below {SCALING_RULES.scaleDownBelowPercent}%</dt>
        <dd>{held(scaling.below_for_seconds, SCALING_RULES.scaleDownForMinutes)}</dd>
        <dt>Instances</dt>
        <dd>
          {scaling.current_instances} now · {scaling.desired_instances} wanted · max {scaling.max_instances}
        </dd>
        <dt>Window</dt>
        <dd>
          {scaling.samples} samples every {scaling.sample_interval_seconds} s over{' '}
          {formatAge(scaling.window_seconds * 1000)}
        </dd>
      </FactList>
      <Note>Actuator: {scaling.actuator}</Note>
    </Card>
  );
}
