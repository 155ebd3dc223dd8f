import {
  addDays,
  formatIst,
  type IstDate,
  istDateOf,
  istMidnight,
  istMsOfDay,
  isWeekend,
} from '../../../core/time/ist-time';
import {
  hasHolidayList,
  holidayOn,
  missingHolidayListMessage,
  NSE_HOLIDAYS,
  NSE_SPECIAL_SESSIONS,
  type NseHoliday,
  type NseSpecialSession,
} from '../../../core/time/nse-holidays';
import { type MarketSession, NSE_SESSION_TIMES, phaseAtMsOfDay } from '../../../core/time/nse-session';

export type { MarketSession } from '../../../core/time/nse-session';

export interface SessionBounds {
  open: number;
  close: number;
}

export interface MarketClockOptions {
  /** Epoch ms; tests pass a fake to move time. */
  now?: () => number;
  /** Demo mode of the simulator: always open, phase 'normal', labelled as simulated. */
  continuousSession?: boolean;
  holidays?: Readonly<Record<number, readonly NseHoliday[]>>;
  specialSessions?: readonly NseSpecialSession[];
  /** Called once per year whose holiday list is missing (wire to the logger). */
  onWarning?: (message: string) => void;
}

export const CONTINUOUS_SESSION_DESCRIPTION = 'continuous demo session (simulated)';

// No NSE closure has come near this many days; the bound turns a broken calendar into an error, not a hang.
const MAX_SCAN_DAYS = 40;

/** The NSE market clock in IST: sessions, holidays, next open/close. Pure apart from `now`. */
export class MarketClock {
  readonly continuousSession: boolean;
  /** The one clock of the market engine: whatever reports on the market reads the time here. */
  readonly now: () => number;
  private readonly holidays: Readonly<Record<number, readonly NseHoliday[]>>;
  private readonly specialSessions: ReadonlySet<IstDate>;
  private readonly onWarning: (message: string) => void;
  private readonly yearsMissingList = new Set<number>();

  constructor(options: MarketClockOptions = {}) {
    this.now = options.now ?? Date.now;
    this.continuousSession = options.continuousSession ?? false;
    this.holidays = options.holidays ?? NSE_HOLIDAYS;
    this.specialSessions = new Set((options.specialSessions ?? NSE_SPECIAL_SESSIONS).map((s) => s.date));
    this.onWarning = options.onWarning ?? (() => {});
  }

  /** Weekdays that are not holidays, plus special weekend sessions. Throws RangeError on a malformed date. */
  isTradingDay(date: IstDate): boolean {
    if (this.specialSessions.has(date)) return true;
    if (isWeekend(date)) return false;
    this.noteMissingList(date);
    return holidayOn(date, this.holidays) === undefined;
  }

  sessionAt(ts: number = this.now()): MarketSession {
    const date = istDateOf(ts);
    if (this.continuousSession) {
      return {
        phase: 'normal',
        isOpen: true,
        tradingDay: true,
        date,
        holiday: null,
        warning: null,
        simulated: true,
      };
    }
    const tradingDay = this.isTradingDay(date);
    const phase = tradingDay ? phaseAtMsOfDay(istMsOfDay(ts)) : 'closed';
    return {
      phase,
      isOpen: phase === 'normal',
      tradingDay,
      date,
      holiday: tradingDay ? null : (holidayOn(date, this.holidays)?.name ?? null),
      warning: this.warningFor(date),
      simulated: false,
    };
  }

  isOpen(ts: number = this.now()): boolean {
    return this.sessionAt(ts).isOpen;
  }

  /** Epoch ms of the next normal-session open strictly after ts; null in a continuous session (never closes). */
  nextOpen(ts: number = this.now()): number | null {
    return this.continuousSession ? null : this.nextSessionEdge(ts, NSE_SESSION_TIMES.normalOpen);
  }

  /** Epoch ms of the next normal-session close strictly after ts; null in a continuous session. */
  nextClose(ts: number = this.now()): number | null {
    return this.continuousSession ? null : this.nextSessionEdge(ts, NSE_SESSION_TIMES.normalClose);
  }

  /** The normal session of a trading day (09:15 and 15:30 IST), or null when the date is not one. */
  sessionBounds(date: IstDate): SessionBounds | null {
    if (!this.isTradingDay(date)) return null;
    const midnight = istMidnight(date);
    return { open: midnight + NSE_SESSION_TIMES.normalOpen, close: midnight + NSE_SESSION_TIMES.normalClose };
  }

  /**
   * The n most recent trading days whose normal session had closed by fromTs, oldest first.
   * Today counts only from 15:30 IST on, so every returned day has a complete daily bar.
   * Follows the NSE calendar even in a continuous session (history is real-calendar history).
   */
  previousTradingDays(n: number, fromTs: number = this.now()): IstDate[] {
    if (!Number.isInteger(n) || n < 0)
      throw new RangeError(`previousTradingDays needs a whole n ≥ 0, got ${n}`);
    const days: IstDate[] = [];
    let date = istDateOf(fromTs);
    const closedToday = fromTs >= istMidnight(date) + NSE_SESSION_TIMES.normalClose;
    if (!closedToday) date = addDays(date, -1);
    for (let scanned = 0; days.length < n; scanned += 1) {
      if (scanned > n * 2 + MAX_SCAN_DAYS) throw new Error(`No trading days found before ${date}`);
      if (this.isTradingDay(date)) days.push(date);
      date = addDays(date, -1);
    }
    return days.reverse();
  }

  /** One line for the UI, e.g. 'NSE closed (holiday: Republic Day); opens Tue 27 Jan 2026 09:15 IST'. */
  describe(ts: number = this.now()): string {
    if (this.continuousSession) return CONTINUOUS_SESSION_DESCRIPTION;
    const session = this.sessionAt(ts);
    const text = this.describePhase(session, ts);
    return session.warning ? `${text} (${session.warning})` : text;
  }

  /** Years looked up so far that have no holiday list. */
  missingHolidayYears(): number[] {
    return [...this.yearsMissingList].sort((a, b) => a - b);
  }

  private describePhase(session: MarketSession, ts: number): string {
    const opens = `opens ${formatIst(this.nextSessionEdge(ts, NSE_SESSION_TIMES.normalOpen))}`;
    switch (session.phase) {
      case 'normal':
        return 'NSE open: normal session until 15:30 IST';
      case 'pre_open':
        return `NSE pre-open order entry (09:00–09:08 IST); normal session ${opens}`;
      case 'pre_open_matching':
        return `NSE pre-open order matching; normal session ${opens}`;
      case 'post_close':
        return `NSE closed for the day (closing prices being calculated); ${opens}`;
      case 'closing':
        return `NSE closing session (trades at the closing price until 16:00 IST); ${opens}`;
      case 'closed': {
        const reason = session.holiday
          ? `holiday: ${session.holiday}`
          : session.tradingDay
            ? 'outside trading hours'
            : 'weekend';
        return `NSE closed (${reason}); ${opens}`;
      }
    }
  }

  private nextSessionEdge(ts: number, offsetFromMidnight: number): number {
    let date = istDateOf(ts);
    for (let scanned = 0; scanned <= MAX_SCAN_DAYS; scanned += 1) {
      const edge = istMidnight(date) + offsetFromMidnight;
      if (edge > ts && this.isTradingDay(date)) return edge;
      date = addDays(date, 1);
    }
    throw new Error(`No NSE trading day within ${MAX_SCAN_DAYS} days of ${istDateOf(ts)}`);
  }

  private warningFor(date: IstDate): string | null {
    const year = Number(date.slice(0, 4));
    return hasHolidayList(year, this.holidays) ? null : missingHolidayListMessage(year);
  }

  private noteMissingList(date: IstDate): void {
    const year = Number(date.slice(0, 4));
    if (hasHolidayList(year, this.holidays) || this.yearsMissingList.has(year)) return;
    this.yearsMissingList.add(year);
    this.onWarning(missingHolidayListMessage(year));
  }
}
