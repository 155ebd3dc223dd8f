import { istDateOf } from '../market/calendar';
import type { Ledger } from './ledger';
import type { LiveSnapshot } from './live-venue';

export interface LiveDayOpeningsOptions {
  ledger: Pick<Ledger, 'openingEquity' | 'recordOpeningEquity'>;
  /** The Upstox account as last read: its snapshot, equity at the marks, and the day's P&L as the snapshot tells it. */
  venue: {
    snapshot(): Pick<LiveSnapshot, 'takenAt'> | null;
    equityPaise(): number;
    estimatedDayPnlPaise(): number;
  };
  /** NSE session days only: a weekend or holiday reading would measure an old close as an opening. */
  isTradingDay(date: string): boolean;
  now(): number;
}

/**
 * The live account's daily openings, kept in the ledger's daily_equity as the paper account's are: the
 * first reading of each IST trading day records equity less the day's P&L so far (holdings at
 * yesterday's close plus cash, when read before the first trade). The loss windows, the day's P&L and
 * the phase's daily loss cap then measure from the same recorded figure across days and restarts.
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
      if (!snapshot || istDateOf(snapshot.takenAt) !== date || !this.options.isTradingDay(date))
        return undefined;
      paise = ledger.recordOpeningEquity('live', date, venue.equityPaise() - venue.estimatedDayPnlPaise());
    }
    this.known = { date, paise };
    return paise;
  }
}
