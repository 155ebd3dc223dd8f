import styled from 'styled-components';

export interface TickRatePoint {
  at: number;
  perSecond: number;
}

const WIDTH = 320;
const HEIGHT = 64;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: ${HEIGHT}px;
  color: ${({ theme }) => theme.colors.info};
`;

const Caption = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/** Ticks per second at each poll, oldest at the left; a small inline SVG, no chart library. */
export function TickRateSparkline({ points }: { points: readonly TickRatePoint[] }) {
  const latest = points.at(-1);
  if (points.length < 2) {
    return (
      <Caption>
        {latest ? `${latest.perSecond} ticks/s now; ` : ''}the trend fills in with each 10 s refresh.
      </Caption>
    );
  }
  const max = Math.max(...points.map((point) => point.perSecond), 1);
  const step = WIDTH / (points.length - 1);
  // Headroom above the peak, so a steady rate reads as a line, not the top edge.
  const y = (value: number) => HEIGHT - 2 - (value / (max * 1.25)) * (HEIGHT - 4);
  const line = points.map((point, i) => `${(i * step).toFixed(1)},${y(point.perSecond).toFixed(1)}`);
  const minutes = Math.max(1, Math.round((latest!.at - points[0]!.at) / 60_000));
  return (
    <figure style={{ margin: 0 }}>
      <Svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Ticks per second over the last ${minutes} min: ${points.map((p) => p.perSecond).join(', ')}`}
      >
        <polyline
          points={`0,${HEIGHT} ${line.join(' ')} ${WIDTH},${HEIGHT}`}
          fill="currentColor"
          fillOpacity={0.12}
          stroke="none"
        />
        <polyline
          points={line.join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </Svg>
      <Caption as="figcaption">
        Ticks per second, last {minutes} min (peak {max}, now {latest!.perSecond}).
      </Caption>
    </figure>
  );
}
