// What the Backtest tab's tests share: the Performance page opened on its Backtest tab, and a chart stand-in.
import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { PerformancePage } from '../performance-page';
import { analytics, returns } from '../performance-test-data';

/** Every points array the chart was drawn with: a new one tears the chart down and builds it again. */
export const mockDrawnPoints: unknown[] = [];

interface ChartProps {
  label: string;
  benchmarkTitle?: string;
  points: { date: string; equity: number; benchmark?: number | null }[];
}

/**
 * The canvas chart as an image whose attributes carry what it was asked to draw. A test file mocks
 * with it: jest.mock('../equity-chart-canvas', () => require('./backtest-tab-harness').fakeEquityChartCanvas).
 */
export const fakeEquityChartCanvas = {
  __esModule: true,
  default: (props: ChartProps) =>
    mockDrawnPoints.push(props.points) &&
    createElement('div', {
      role: 'img',
      'aria-label': props.label,
      'data-points': props.points.map((p) => `${p.date}:${p.equity}`).join(' '),
      'data-benchmark': props.benchmarkTitle
        ? `${props.benchmarkTitle}: ${props.points.map((p) => p.benchmark).join(' ')}`
        : '',
    }),
};

export const ok = (data: unknown) => reply(200, { success: true, data });

export function renderBacktest(replies: Record<string, Responder>) {
  return renderRemote(<PerformancePage />, {
    remote: 'analytics',
    signedIn: true,
    url: '/performance?tab=backtest',
    ownPaths: ['/performance'],
    replies: {
      'GET /api/performance/analytics': ok(analytics),
      'GET /api/performance/returns': ok(returns),
      ...replies,
    },
  });
}

export const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
