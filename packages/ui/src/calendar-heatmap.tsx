import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus-ring';

export interface HeatmapDay {
  /** IST calendar date, YYYY-MM-DD. */
  date: string;
  /** The cell's fill; leave out for a day with nothing to show (a weekend, a holiday). */
  colour?: string;
  /** What the tooltip and screen readers say about the day ("20 Nov: +₹1,234, 3 trades"). */
  description: string;
  /** Shown small inside the cell, e.g. the day of the month. */
  mark?: ReactNode;
}

export interface CalendarHeatmapProps {
  days: readonly HeatmapDay[];
  /** Names the grid for screen readers ("Daily P&L, last 30 days"). */
  label: string;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(1)};
  max-width: 420px;
`;

const Heading = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  text-align: center;
`;

const Cell = styled.div<{ $colour?: string }>`
  aspect-ratio: 1;
  display: flex;
  align-items: flex-start;
  justify-content: flex-end;
  padding: 2px 4px;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ $colour }) => $colour ?? 'transparent'};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.65rem;
  cursor: default;
  ${focusRing}
`;

const Tip = styled.p`
  min-height: 1.4em;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** Monday-first weekday index (0..6) of an ISO date, read as a calendar date. */
function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * Consecutive days laid out as a calendar (Monday first), each cell filled with its colour. Hover,
 * focus or tap a day to read its figures in the line under the grid (also the cell's native tooltip).
 */
export function CalendarHeatmap({ days, label }: CalendarHeatmapProps) {
  const [shown, setShown] = useState<HeatmapDay | null>(null);
  const lead = days[0] ? weekdayOf(days[0].date) : 0;
  return (
    <div>
      <Grid role="group" aria-label={label}>
        {WEEKDAYS.map((day) => (
          <Heading key={day} aria-hidden="true">
            {day}
          </Heading>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <div key={`lead-${i}`} aria-hidden="true" />
        ))}
        {days.map((day) => (
          <Cell
            key={day.date}
            role="img"
            aria-label={day.description}
            title={day.description}
            data-date={day.date}
            tabIndex={0}
            $colour={day.colour}
            onMouseEnter={() => setShown(day)}
            onFocus={() => setShown(day)}
            onClick={() => setShown(day)}
          >
            <span aria-hidden="true">{day.mark}</span>
          </Cell>
        ))}
      </Grid>
      <Tip role="tooltip" aria-live="polite">
        {shown?.description ?? 'Point at a day to see its figures.'}
      </Tip>
    </div>
  );
}
