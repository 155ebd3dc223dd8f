import { istMsOfDay } from '../../core/time/ist-time';
import { istDateOf, NSE_SESSION_TIMES } from '../market/calendar';
import type { Ledger } from './ledger';
import type { LiveSnapshot } from './live/live-venue';

export interface LiveDayOpeningsOptions {
  ledger: Pick<Ledger, 'openingEquity' | 'recordOpeningEquity'>;
  /** The Upstox account as last read, and what it was worth at yesterday's close (null while unpriced). */
  venue: {
    snapshot(): Pick<LiveSnapshot, 'takenAt'> | null;
    openingEstimatePaise(): number | null;
  };
  /** The NSE calendar: a weekend or holiday reading would measure an old close as an opening. */
  calendar: { isTradingDay(date: string): boolean };
  now(): number;
}

/**
 * The live account's daily openings, kept in the ledger's daily_equity as the paper account's are: the
 * first reading of each NSE trading day, from its pre-open (09:00 IST) on, records cash plus holdings
 * at yesterday's close less the day's realised P&L. Before 09:00 a quote's "previous close" may still
 * be the day before yesterday's. The loss windows, the day's P&L and the phase's daily loss cap then
 * measure from the same recorded figure across days and restarts.
 */
export class LiveDayOpenings {
  /** The day's opening once read: the loop and the limits ask many times a minute. */
  private known: { date: string; paise: number } | null = null;

  constructor(private readonly options: LiveDayOpeningsOptions) {}

  /** Today's opening, recorded now from a snapshot taken today if none is yet; undefined until then. */
  today(): number | undefined {
    const { ledger, venue } = this.options;
    const date = istDateOf(this.options.now());
    if (this.known?.date === date) return this.known.paise;
    let paise = ledger.openingEquity('live', date);
    if (paise === undefined) {
      const snapshot = venue.snapshot();
      // A snapshot from yesterday would record yesterday's figures as today's opening.
      if (!snapshot || istDateOf(snapshot.takenAt) !== date || !this.dayHasOpened(snapshot.takenAt)) {
        return undefined;
      }
      const estimate = venue.openingEstimatePaise();
      if (estimate === null) return undefined;
      paise = ledger.recordOpeningEquity('live', date, estimate);
    }
    this.known = { date, paise };
    return paise;
  }

  private dayHasOpened(ts: number): boolean {
    return (
      this.options.calendar.isTradingDay(istDateOf(ts)) && istMsOfDay(ts) >= NSE_SESSION_TIMES.preOpenStart
    );
  }
}
