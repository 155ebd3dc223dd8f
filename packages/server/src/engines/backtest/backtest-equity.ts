import { drawdowns } from '../analytics/formulas';
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
  /** Below the running peak, percent points (quantstats' drawdown of the sampled curve). */
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
  /** The deepest fall of the curve, a fraction, and the rupees lost from that peak to that trough. */
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
    const { minutes, stride } = this.sample(maxPoints - 1);
    const capital = this.capitalPaise;
    const start = this.startLevel;
    const units = start !== null && start > 0 ? capital / start : null;
    const held = (level: number | null) =>
      units === null || level === null ? null : Math.round(units * level);
    const all: Minute[] = [{ at: this.startAt ?? 0, equity: capital, level: start }, ...minutes];
    const returns = all.slice(1).map((m, i) => (all[i]!.equity > 0 ? m.equity / all[i]!.equity - 1 : 0));
    const drawdown = drawdowns(returns);
    const points = all.map((m, i) => ({
      at: m.at,
      equityPaise: m.equity,
      nifty50Paise: i === 0 && units !== null ? capital : held(m.level),
      drawdownPercent: i === 0 ? 0 : Math.round(drawdown.series[i - 1]! * 10_000) / 100,
    }));
    const peak = all[drawdown.peakIndex + 1]!.equity;
    const trough = all[drawdown.troughIndex + 1]?.equity ?? peak;
    const last = this.sessions.flat().findLast((m) => m.level !== null);
    return {
      points,
      strideMinutes: stride,
      maxDrawdown: drawdown.depth,
      maxDrawdownPaise: drawdown.depth > 0 ? peak - trough : 0,
      buyAndHold:
        units === null || !last || last.level === null
          ? null
          : { startLevel: start!, endLevel: last.level, finalValuePaise: held(last.level)! },
    };
  }

  /** Every `stride` minutes of each session plus its last; past the coarsest stride, every k-th session end. */
  private sample(budget: number): { minutes: Minute[]; stride: number } {
    const count = (stride: number) => this.sessions.reduce((sum, s) => sum + Math.ceil(s.length / stride), 0);
    const stride = STRIDES.find((s) => count(s) <= budget) ?? STRIDES.at(-1)!;
    const minutes = this.sessions.flatMap((session) =>
      session.filter((_, j) => (j + 1) % stride === 0 || j === session.length - 1),
    );
    if (minutes.length <= budget) return { minutes, stride };
    const every = Math.ceil(minutes.length / budget);
    return {
      minutes: minutes.filter((_, i) => (minutes.length - 1 - i) % every === 0),
      stride,
    };
  }
}
