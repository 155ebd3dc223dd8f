import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { toneColour } from './colour-scale';

export type TileTone = 'positive' | 'negative' | 'neutral';

export interface TileProps {
  label: ReactNode;
  value: ReactNode;
  /** A second line under the value ("+1.25% today"). */
  subValue?: ReactNode;
  /** Colours the value and sub-value: green, red or plain. */
  tone?: TileTone;
  icon?: ReactNode;
}

/** The tile's card: a column on the surface colour with the card's border and shadow; also for gauges. */
export const TileSurface = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Label = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Value = styled.div<{ $colour: string }>`
  color: ${({ $colour }) => $colour};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
  ${({ theme }) => theme.media.phone} {
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const SubValue = styled.div<{ $colour: string }>`
  color: ${({ $colour }) => $colour};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
`;

/** One headline number ("Portfolio Value ₹10,00,000"); a group named by its label. */
export function Tile({ label, value, subValue, tone = 'neutral', icon }: TileProps) {
  const labelId = useId();
  const valueColour = tone === 'neutral' ? 'inherit' : toneColour(tone);
  const subColour = tone === 'neutral' ? toneColour('neutral') : toneColour(tone);
  return (
    <TileSurface role="group" aria-labelledby={labelId}>
      <Label id={labelId}>
        {icon && <span aria-hidden="true">{icon}</span>}
        {label}
      </Label>
      <Value $colour={valueColour}>{value}</Value>
      {subValue !== undefined && subValue !== null && <SubValue $colour={subColour}>{subValue}</SubValue>}
    </TileSurface>
  );
}
