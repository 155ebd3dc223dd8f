import type { ReactNode } from 'react';
import styled from 'styled-components';
import { type Tone, toneColour } from './colour-scale';

export interface BadgeProps {
  tone?: Tone;
  children: ReactNode;
  /** A leading dot, for statuses (Connected, Market Open). */
  dot?: boolean;
}

const Pill = styled.span<{ $colour: string }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ $colour }) => `${$colour}66`};
  background: ${({ $colour }) => `${$colour}1f`};
  color: ${({ $colour }) => $colour};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
  line-height: 1.6;
  white-space: nowrap;
`;

const Dot = styled.span<{ $colour: string }>`
  width: 6px;
  height: 6px;
  border-radius: 50%;
  background: ${({ $colour }) => $colour};
`;

/** A short coloured label; the text carries the meaning, the colour only repeats it. */
export function Badge({ tone = 'neutral', children, dot }: BadgeProps) {
  const colour = toneColour(tone);
  return (
    <Pill $colour={colour}>
      {dot && <Dot $colour={colour} aria-hidden="true" />}
      {children}
    </Pill>
  );
}
