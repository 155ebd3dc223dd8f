import type { NewsWindow } from '@td/contracts';
import { formatIstDay } from '@td/ui';

/**
 * What span the news and its figures cover, for a heading: "in the last 24 h", or, when the market has
 * been shut so long that the server shows the last session's news, "from the last session, Fri 27 Nov".
 */
export function newsWindowLabel(window: NewsWindow): string {
  return window.basis === 'last_session'
    ? `from the last session, ${formatIstDay(window.from)}`
    : 'in the last 24 h';
}

/** The moment the window closes: the day's trend is drawn up to it, not up to a Monday morning. */
export function newsWindowEnd(window: NewsWindow, fetchedAt: number): number {
  return window.basis === 'last_session' ? Math.min(fetchedAt, Date.parse(window.to)) : fetchedAt;
}

/** The label as a sentence's start: "From the last session, Fri 27 Nov". */
export function newsWindowNote(window: NewsWindow): string {
  const label = newsWindowLabel(window);
  return label.charAt(0).toUpperCase() + label.slice(1);
}
