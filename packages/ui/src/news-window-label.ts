import { formatIstDay } from './format-time';

/**
 * The span news figures cover, as the API's `window` states it (@td/contracts newsWindowSchema): the
 * last 24 h, or the last session's IST day after a weekend or holiday (decision 0060).
 */
export interface NewsWindowSpan {
  from: string;
  to: string;
  basis: 'last_24h' | 'last_session';
}

/**
 * What span the news and its figures cover, for a heading: "in the last 24 h", or, when the market has
 * been shut so long that the server shows the last session's news, "from the last session, Fri 27 Nov".
 */
export function newsWindowLabel(window: NewsWindowSpan): string {
  return window.basis === 'last_session'
    ? `from the last session, ${formatIstDay(window.from)}`
    : 'in the last 24 h';
}

/** The moment the window closes: the day's trend is drawn up to it, not up to a Monday morning. */
export function newsWindowEnd(window: NewsWindowSpan, fetchedAt: number): number {
  return window.basis === 'last_session' ? Math.min(fetchedAt, Date.parse(window.to)) : fetchedAt;
}

/** The label as a sentence's start: "From the last session, Fri 27 Nov". */
export function newsWindowNote(window: NewsWindowSpan): string {
  const label = newsWindowLabel(window);
  return label.charAt(0).toUpperCase() + label.slice(1);
}
