import type { PerformanceReturns } from '@td/contracts';
import {
  CalendarHeatmap,
  formatINR,
  formatPercent,
  formatSignedINR,
  type HeatmapDay,
  pnlHeatColour,
} from '@td/ui';

type EquityPoint = PerformanceReturns['equity'][number];

export const HEATMAP_DAYS = 30;

const DAY_MS = 86_400_000;
const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The 30 calendar days up to `end`, each coloured by that session's P&L against the largest move shown. */
export function heatmapDays(equity: readonly EquityPoint[], end: string): HeatmapDay[] {
  const byDate = new Map(equity.map((point) => [point.date, point]));
  const dates = Array.from({ length: HEATMAP_DAYS }, (_, i) => shiftDate(end, i - (HEATMAP_DAYS - 1)));
  const scale = Math.max(0, ...dates.map((date) => Math.abs(byDate.get(date)?.pnl ?? 0)));
  return dates.map((date) => {
    const label = dayLabel.format(new Date(`${date}T00:00:00Z`));
    const mark = Number(date.slice(8));
    const point = byDate.get(date);
    if (!point) return { date, mark, description: `${label}: no session` };
    const trades = `${point.trades} closed trade${point.trades === 1 ? '' : 's'}`;
    return {
      date,
      mark,
      colour: pnlHeatColour(point.pnl, scale),
      description: `${label}: ${formatSignedINR(point.pnl)} (${formatPercent(point.return_percent, {
        signed: true,
      })}), ${trades}, equity ${formatINR(point.equity)}`,
    };
  });
}

export interface DailyPnlHeatmapProps {
  equity: readonly EquityPoint[];
}

/** spec part 2 §2.3 overview: the last 30 days' P&L, green for gains and red for losses, by size. */
export function DailyPnlHeatmap({ equity }: DailyPnlHeatmapProps) {
  const end = equity.at(-1)?.date;
  if (!end) return null;
  return <CalendarHeatmap days={heatmapDays(equity, end)} label="Daily P&L, last 30 days" />;
}
