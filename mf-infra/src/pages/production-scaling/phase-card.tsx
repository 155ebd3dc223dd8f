import type { ScalingPhase } from '@td/contracts';
import { Badge, FactList, formatPercent, formatRate } from '@td/ui';
import styled from 'styled-components';

/** The active phase's own figures, so its card shows progress against each requirement. */
export interface PhaseProgress {
  successRate: number;
  /** The trades the success rate is measured over. */
  closedTrades: number;
  profitPercent: number;
  daysInPhase: number;
}

const Root = styled.article<{ $state: ScalingPhase['state'] }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $state }) => ($state === 'active' ? theme.colors.surfaceRaised : theme.colors.surface)};
  border: ${({ theme, $state }) =>
    $state === 'active' ? `2px solid ${theme.colors.primary}` : `1px solid ${theme.colors.border}`};
  opacity: ${({ $state }) => ($state === 'locked' ? 0.75 : 1)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
`;

const Range = styled.div`
  white-space: nowrap;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 700;
`;

const Heading = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xs};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bar = styled.div<{ $fill: number; $met: boolean }>`
  grid-column: 1 / -1;
  height: 4px;
  border-radius: 2px;
  background: ${({ theme }) => theme.colors.border};
  &::after {
    content: '';
    display: block;
    height: 100%;
    width: ${({ $fill }) => `${$fill}%`};
    border-radius: 2px;
    background: ${({ theme, $met }) => ($met ? theme.colors.positive : theme.colors.primary)};
  }
`;

/** Drawn, not an emoji: emoji fonts are missing on many machines and show as a box. */
function LockIcon() {
  return (
    <svg width="10" height="11" viewBox="0 0 10 11" aria-hidden="true" focusable="false">
      <rect x="1" y="5" width="8" height="6" rx="1" fill="currentColor" />
      <path d="M3 5V3.5a2 2 0 0 1 4 0V5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

const STATE_BADGE = {
  active: { tone: 'info', icon: null, text: 'Active' },
  completed: { tone: 'positive', icon: '✓', text: 'Completed' },
  locked: { tone: 'neutral', icon: <LockIcon />, text: 'Locked' },
} as const;

/** Share of a target reached, 0–100; a zero target (Enterprise's days) is met at once. */
const reached = (value: number, target: number) =>
  target <= 0 ? 100 : Math.max(0, Math.min(100, (value / target) * 100));

function Requirement({
  label,
  value,
  target,
  text,
}: {
  label: string;
  value: number | null;
  target: number;
  text: string;
}) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{text}</dd>
      {value !== null && <Bar $fill={reached(value, target)} $met={value >= target} aria-hidden="true" />}
    </>
  );
}

/** spec part 2 §4 "Phase card": active emphasised, completed with a check, locked with a lock. */
export function PhaseCard({ phase, progress }: { phase: ScalingPhase; progress: PhaseProgress | null }) {
  const badge = STATE_BADGE[phase.state];
  const { requirements, limits } = phase;
  const pct = (value: number) => formatPercent(value, { decimals: 0 });
  const show = phase.state === 'active' && progress;
  return (
    <Root $state={phase.state} aria-label={`Phase ${phase.phase} ${phase.name}, ${badge.text}`}>
      <Top>
        <div>
          <h3>
            Phase {phase.phase}: {phase.name}
          </h3>
          <Range>{phase.capitalRangeText}</Range>
        </div>
        <Badge tone={badge.tone}>
          {badge.icon}
          {badge.text}
        </Badge>
      </Top>
      <p>{phase.description}</p>
      <Heading>Limits</Heading>
      <FactList>
        <dt>Max position</dt>
        <dd>{formatPercent(limits.maxPositionPercent, { decimals: 0 })}</dd>
        <dt>Max daily loss</dt>
        <dd>{formatPercent(limits.maxDailyLossPercent, { decimals: 1 })}</dd>
        <dt>Min ML confidence</dt>
        <dd>{limits.minMLConfidence.toFixed(2)}</dd>
        <dt>Emergency stop loss</dt>
        <dd>{formatPercent(limits.emergencyStopLossPercent, { decimals: 0 })}</dd>
      </FactList>
      <Heading>{show ? 'Progress to the next phase' : 'Requirements'}</Heading>
      <FactList>
        <Requirement
          label="Success rate"
          value={show ? progress.successRate : null}
          target={requirements.successRate}
          text={
            show
              ? `${formatRate(progress.successRate, progress.closedTrades)} / ${pct(requirements.successRate)}`
              : pct(requirements.successRate)
          }
        />
        <Requirement
          label="Profit target"
          value={show ? progress.profitPercent : null}
          target={requirements.profitTarget}
          text={
            show
              ? `${formatPercent(progress.profitPercent, { decimals: 1 })} / ${pct(requirements.profitTarget)}`
              : pct(requirements.profitTarget)
          }
        />
        <Requirement
          label="Minimum days"
          value={show ? progress.daysInPhase : null}
          target={requirements.minDays}
          text={show ? `${progress.daysInPhase} / ${requirements.minDays}` : String(requirements.minDays)}
        />
      </FactList>
    </Root>
  );
}
