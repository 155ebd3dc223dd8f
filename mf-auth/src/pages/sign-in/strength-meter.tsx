import { REQUIRED_PASSWORD_STRENGTH, type StrengthLabel, scorePassword, strengthLabel } from '@td/contracts';
import { type Tone, toneColour } from '@td/ui';
import styled from 'styled-components';

const TONE: Record<StrengthLabel, Tone> = {
  Weak: 'negative',
  Fair: 'warning',
  Good: 'info',
  Strong: 'positive',
};

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Track = styled.div`
  position: relative;
  height: 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow: hidden;
`;

const Bar = styled.div<{ $score: number; $colour: string }>`
  width: ${({ $score }) => $score}%;
  height: 100%;
  border-radius: inherit;
  background: ${({ $colour }) => $colour};
  transition: width 0.2s ease, background-color 0.2s ease;
`;

const Caption = styled.div`
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  strong {
    font-weight: 600;
  }
`;

/** spec part 1 §4: score 0–100 from the shared scoring function, with its Weak/Fair/Good/Strong label. */
export function StrengthMeter({ password }: { password: string }) {
  const score = scorePassword(password);
  const label = strengthLabel(score);
  const colour = toneColour(TONE[label]);
  return (
    <Root>
      <Track
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${label}, ${score} of 100`}
      >
        <Bar $score={score} $colour={colour} />
      </Track>
      <Caption>
        <span>
          Strength: <strong style={{ color: colour }}>{label}</strong>
        </span>
        <span>
          {score}/100{score < REQUIRED_PASSWORD_STRENGTH && ` · ${REQUIRED_PASSWORD_STRENGTH} needed`}
        </span>
      </Caption>
    </Root>
  );
}
