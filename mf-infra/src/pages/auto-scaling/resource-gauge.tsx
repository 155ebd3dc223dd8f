import { TileSurface, type Tone, toneColour } from '@td/ui';
import styled from 'styled-components';

/** spec part 2 §9: CPU and memory red above 85, yellow above 60, else green. */
export function gaugeTone(percent: number): Tone {
  if (percent > 85) return 'negative';
  if (percent > 60) return 'warning';
  return 'positive';
}

/** spec part 2 §9: under 100 ms Excellent, under 300 Good, else Needs attention. */
export function latencyLabel(ms: number): { label: string; tone: Tone } {
  if (ms < 100) return { label: 'Excellent', tone: 'positive' };
  if (ms < 300) return { label: 'Good', tone: 'positive' };
  return { label: 'Needs attention', tone: 'warning' };
}

const Root = styled(TileSurface)`
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Value = styled.div<{ $colour: string }>`
  color: ${({ $colour }) => $colour};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 600;
`;

const Track = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div<{ $colour: string }>`
  height: 100%;
  background: ${({ $colour }) => $colour};
  transition: width 300ms ease;
`;

export interface ResourceGaugeProps {
  title: string;
  /** Shown as the value, e.g. "42.5%" or "12 ms". */
  value: string;
  /** 0–100; the bar is capped at 100 %. */
  percent: number;
  tone: Tone;
  note?: string;
}

/** One gauge of the auto-scaling monitor: the value, a coloured bar, a line of context. */
export function ResourceGauge({ title, value, percent, tone, note }: ResourceGaugeProps) {
  const width = Math.min(100, Math.max(0, percent));
  const colour = toneColour(tone);
  return (
    <Root role="group" aria-label={title}>
      <h3>{title}</h3>
      <Value $colour={colour}>{value}</Value>
      <Track
        role="meter"
        aria-label={`${title} bar`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
      >
        <Fill $colour={colour} style={{ width: `${width}%` }} />
      </Track>
      {note && <p>{note}</p>}
    </Root>
  );
}
