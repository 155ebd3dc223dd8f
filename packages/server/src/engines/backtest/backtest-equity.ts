import type { SessionIndexLevels } from './nifty-benchmark';

/** The equity curve is sent with at most this many points: a year of minutes would be 90,000. */
export const MAX_EQUITY_POINTS = 2_000;
/** Minutes between two points, the finest that keeps the curve under MAX_EQUITY_POINTS. */
const STRIDES = [1, 5, 15, 30, 75, 125, 375];

export interface BacktestEquityPoint {
  /** The end of the minute the point marks (the first point: the first bar's open, before any trade). */
  at: number;
  equityPaise: number;
  /** The starting capital put into the NIFTY 50 at the first open and held; null without the index. */
  nifty50Paise: number | null;
  /** Below the running peak of every recorded minute (not only the sampled ones), percent points. */
  drawdownPercent: number;
}

export interface BuyAndHold {
  startLevel: number;
  endLevel: number;
  finalValuePaise: number;
}

export interface EquityCurve {
  points: BacktestEquityPoint[];
  /** Minutes between two points within a session. */
  strideMinutes: number;
  /** 1, or past the coarsest stride: the curve keeps one session end in this many. */
  strideSessions: number;
  /** The deepest fall over every recorded minute, a fraction, and the rupees lost from that peak to that trough (both kept as points). */
  maxDrawdown: number;
  maxDrawdownPaise: number;
  buyAndHold: BuyAndHold | null;
}

interface Minute {
  at: number;
  equity: number;
  level: number | null;
}

/**
 * Records the run's equity (cash + holdings at the minute's closes) and the NIFTY 50 after every replayed
 * minute, then thins it to a bounded curve: every N minutes of each session and always its last minute.
 */
export class EquityRecorder {
  private readonly sessions: Minute[][] = [];
  private startAt: number | null = null;
  private startLevel: number | null = null;

  constructor(private readonly capitalPaise: number) {}

  /** A session begins: its index levels (absent: no benchmark) and its first bar's open time. */
  beginSession(firstOpen: number, index: SessionIndexLevels | undefined): void {
    if (this.startAt === null) {
      this.startAt = firstOpen;
      this.startLevel = index?.openLevel ?? null;
    }
    this.sessions.push([]);
  }

  minute(at: number, equityPaise: number, level: number | null): void {
    this.sessions.at(-1)?.push({ at, equity: equityPaise, level });
  }

  curve(maxPoints = MAX_EQUITY_POINTS): EquityCurve {
    const capital = this.capitalPaise;
    const start = this.startLevel;
    const units = start !== null && start > 0 ? capital / start : null;
    const held = (level: number | null) =>
      units === null || level === null ? null : Math.round(units * level);
    const all: Minute[] = [{ at: this.startAt ?? 0, equity: capital, level: start }, ...this.sessions.flat()];
    // The fall is measured over every recorded minute, not the thinned points: a low between two of
    // them would otherwise be missed by the Max Drawdown card, its rupees and Calmar.
    const fall = deepestFall(all.map((m) => m.equity));
    // One point is the capital, two are kept for the deepest fall's peak and trough.
    const { indices, stride, sessionsPerPoint } = this.sample(maxPoints - 3);
    const kept = new Set([0, ...indices.map((i) => i + 1)]);
    if (fall.depth > 0) kept.add(fall.peakIndex).add(fall.troughIndex);
    const points = [...kept]
      .sort((a, b) => a - b)
      .map((i) => {
        const m = all[i]!;
        const peak = fall.runningPeaks[i]!;
        return {
          at: m.at,
          equityPaise: m.equity,
          nifty50Paise: i === 0 && units !== null ? capital : held(m.level),
          drawdownPercent: peak > 0 ? Math.round((1 - m.equity / peak) * 10_000) / 100 : 0,
        };
      });
    const last = all.findLast((m, i) => i > 0 && m.level !== null);
    return {
      points,
      strideMinutes: stride,
      strideSessions: sessionsPerPoint,
      maxDrawdown: fall.depth,
      maxDrawdownPaise: fall.depth > 0 ? all[fall.peakIndex]!.equity - all[fall.troughIndex]!.equity : 0,
      buyAndHold:
        units === null || !last || last.level === null
          ? null
          : { startLevel: start!, endLevel: last.level, finalValuePaise: held(last.level)! },
    };
  }

  /**
   * Indices into the recorded minutes: every `stride` minutes of each session plus its last; past the
   * coarsest stride, every k-th session end (the last always kept).
   */
  private sample(budget: number): { indices: number[]; stride: number; sessionsPerPoint: number } {
    const count = (stride: number) => this.sessions.reduce((sum, s) => sum + Math.ceil(s.length / stride), 0);
    const stride = STRIDES.find((s) => count(s) <= budget) ?? STRIDES.at(-1)!;
    const indices: number[] = [];
    let offset = 0;
    for (const session of this.sessions) {
      for (let j = 0; j < session.length; j += 1) {
        if ((j + 1) % stride === 0 || j === session.length - 1) indices.push(offset + j);
      }
      offset += session.length;
    }
    if (indices.length <= budget) return { indices, stride, sessionsPerPoint: 1 };
    const every = Math.ceil(indices.length / budget);
    return {
      indices: indices.filter((_, i) => (indices.length - 1 - i) % every === 0),
      stride,
      sessionsPerPoint: every,
    };
  }
}

interface Fall {
  /** The highest equity up to and including each minute. */
  runningPeaks: number[];
  /** The deepest fall below a running peak, a fraction. */
  depth: number;
  peakIndex: number;
  troughIndex: number;
}

/** quantstats' drawdown over a curve whose first value is the capital (the first peak). */
function deepestFall(equity: readonly number[]): Fall {
  const fall: Fall = { runningPeaks: [], depth: 0, peakIndex: 0, troughIndex: 0 };
  let peak = equity[0] ?? 0;
  let peakIndex = 0;
  equity.forEach((value, i) => {
    if (value >= peak) {
      peak = value;
      peakIndex = i;
    }
    fall.runningPeaks.push(peak);
    const depth = peak > 0 ? 1 - value / peak : 0;
    if (depth > fall.depth) {
      fall.depth = depth;
      fall.peakIndex = peakIndex;
      fall.troughIndex = i;
    }
  });
  return fall;
}
