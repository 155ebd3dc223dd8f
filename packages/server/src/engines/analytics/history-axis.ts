import { due, type Steps } from '../../core/time-slices';

const DAY_MS = 86_400_000;

export const dateOfDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Each traded symbol's mark per axis day: the session close, else that day's last fill price, else unknown (NaN). */
export function* closingMarkSteps(
  input: {
    fills: readonly { symbol: string; ts: number; pricePaise: number }[];
    closes(symbol: string): ReadonlyMap<string, number> | undefined;
  },
  days: readonly string[],
  dayIndex: (ts: number) => number,
): Steps<Map<string, Float64Array>> {
  const marks = new Map<string, Float64Array>();
  for (const [i, fill] of input.fills.entries()) {
    if (due(i)) yield;
    let symbolMarks = marks.get(fill.symbol);
    if (!symbolMarks) {
      symbolMarks = new Float64Array(days.length).fill(Number.NaN);
      marks.set(fill.symbol, symbolMarks);
    }
    symbolMarks[dayIndex(fill.ts)] = fill.pricePaise;
  }
  for (const [symbol, symbolMarks] of marks) {
    yield;
    const closes = input.closes(symbol);
    if (!closes) continue;
    for (let i = 0; i < days.length; i += 1) {
      const close = closes.get(days[i]!);
      if (close !== undefined) symbolMarks[i] = close;
    }
  }
  return marks;
}

/**
 * The session days from `first` to `today` (IST day numbers), and for every calendar day the axis index
 * its activity counts on: its own session, else the next one (a weekend's deposit counts from Monday's
 * start), else the last one.
 */
export function* sessionAxisSteps(
  first: number,
  today: number,
  isSession: (date: string) => boolean,
): Steps<{ days: string[]; indexOfDay: Int32Array }> {
  const sessions: number[] = [];
  for (let day = first; day <= today; day += 1) {
    // A calendar look-up can be slow (a date outside the holiday list throws): a step every 64 days.
    if (due(day - first, 64)) yield;
    if (isSession(dateOfDayNumber(day))) sessions.push(day);
  }
  if (sessions.length === 0) sessions.push(today);
  const indexOfDay = new Int32Array(today - first + 1);
  let axis = sessions.length - 1;
  for (let day = today; day >= first; day -= 1) {
    if (axis > 0 && sessions[axis - 1]! >= day) axis -= 1;
    indexOfDay[day - first] = axis;
  }
  return { days: sessions.map(dateOfDayNumber), indexOfDay };
}
