import { formatIstClock } from '@td/ui';
import styled, { useTheme } from 'styled-components';

export interface TrendPoint {
  /** Epoch milliseconds. */
  time: number;
  /** Sentiment on −1…1. */
  score: number;
}

const WIDTH = 600;
const HEIGHT = 120;
const PAD = 4;

const Figure = styled.figure`
  margin: 0;
  svg {
    display: block;
    width: 100%;
    height: ${HEIGHT}px;
  }
  figcaption {
    display: flex;
    justify-content: space-between;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
`;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The day's sentiment as a line on −1…1 with the zero line and the spec's ±0.2 bullish/bearish
 * bands (part 2 §4). Plain SVG: a few dozen points need no charting library in this remote.
 */
export function SentimentTrendChart({ points }: { points: readonly TrendPoint[] }) {
  const { colors } = useTheme();
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const span = Math.max(1, last.time - first.time);
  // One reading has no span: it sits in the middle until the second arrives.
  const x = (time: number) =>
    points.length === 1 ? WIDTH / 2 : PAD + ((time - first.time) / span) * (WIDTH - 2 * PAD);
  const y = (score: number) => PAD + ((1 - Math.max(-1, Math.min(1, score))) / 2) * (HEIGHT - 2 * PAD);
  const path = points
    .map(
      (point, index) => `${index === 0 ? 'M' : 'L'}${x(point.time).toFixed(1)},${y(point.score).toFixed(1)}`,
    )
    .join(' ');
  const summary = `Sentiment from ${formatIstClock(iso(first.time))} to ${formatIstClock(iso(last.time))} IST: ${points.length} readings, from ${first.score.toFixed(2)} to ${last.score.toFixed(2)}`;
  return (
    <Figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <rect x={0} y={y(1)} width={WIDTH} height={y(0.2) - y(1)} fill={colors.positive} opacity={0.08} />
        <rect
          x={0}
          y={y(-0.2)}
          width={WIDTH}
          height={y(-1) - y(-0.2)}
          fill={colors.negative}
          opacity={0.08}
        />
        <line
          x1={0}
          x2={WIDTH}
          y1={y(0)}
          y2={y(0)}
          stroke="currentColor"
          opacity={0.25}
          strokeDasharray="4 4"
        />
        <path
          d={path}
          fill="none"
          stroke={colors.primary}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        {points.length === 1 && <circle cx={x(first.time)} cy={y(first.score)} r={3} fill={colors.primary} />}
      </svg>
      <figcaption>
        <span>{formatIstClock(iso(first.time))}</span>
        <span>bullish above +0.2 · bearish below −0.2</span>
        <span>{formatIstClock(iso(last.time))}</span>
      </figcaption>
    </Figure>
  );
}
