import {
  SWEEP_MAX_COMBINATIONS,
  SWEEP_PARAMETERS,
  type SweepCombination,
  type SweepGrid,
} from '@td/contracts';
import type { IstDate } from '../../market/calendar';
import { backtestInputError } from '../backtest-sessions';

export type SweepParameters = SweepCombination['parameters'];

/** Every combination of the grid's values, the first parameter varying slowest. */
export function sweepCombinations(grid: SweepGrid): SweepParameters[] {
  let combinations: SweepParameters[] = [{}];
  for (const field of SWEEP_PARAMETERS) {
    const values = grid[field];
    if (!values) continue;
    combinations = combinations.flatMap((combination) =>
      (values as readonly SweepParameters[typeof field][]).map((value) => ({
        ...combination,
        [field]: value,
      })),
    );
  }
  if (combinations.length > SWEEP_MAX_COMBINATIONS) {
    throw backtestInputError(
      `The grid makes ${combinations.length} combinations: a sweep tries at most ${SWEEP_MAX_COMBINATIONS}, so drop some values.`,
    );
  }
  return combinations;
}

export interface SweepPart {
  from: IstDate;
  to: IstDate;
  sessions: number;
}

/**
 * The walk-forward split, by date: the first `share` of the range's sessions (rounded down) to fit on,
 * the rest held out. Each part keeps at least one session; a range of one session cannot be split.
 */
export function splitSessions(
  dates: readonly IstDate[],
  share: number,
): { inSample: SweepPart; outOfSample: SweepPart } {
  const sorted = [...dates].sort();
  if (sorted.length < 2) {
    throw backtestInputError(
      `The range holds ${sorted.length} session${sorted.length === 1 ? '' : 's'}: a walk-forward sweep needs at least 2, one to fit on and one held out, so widen the range.`,
    );
  }
  // Rounded down, so the held-out part is never under the (1 − share) the contract promises; the
  // epsilon keeps a product such as 10 × 0.7 that floats just under a whole number from losing a session.
  const fitted = Math.min(sorted.length - 1, Math.max(1, Math.floor(sorted.length * share + 1e-9)));
  const part = (slice: IstDate[]): SweepPart => ({
    from: slice[0] as IstDate,
    to: slice.at(-1) as IstDate,
    sessions: slice.length,
  });
  return { inSample: part(sorted.slice(0, fitted)), outOfSample: part(sorted.slice(fitted)) };
}
