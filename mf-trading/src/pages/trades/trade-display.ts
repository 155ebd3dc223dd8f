import type { Trade } from '@td/contracts';
import { formatNumber, MISSING_VALUE, type Tone } from '@td/ui';

/**
 * spec part 2 §4: FILLED shows completed and PENDING pending. An order that ended unfilled says
 * how it ended, cancelled or rejected, rather than "open" (docs/decisions/0007-trade-history-statuses.md).
 */
export const DISPLAY_STATUS: Record<Trade['status'], { label: string; tone: Tone }> = {
  FILLED: { label: 'completed', tone: 'positive' },
  PENDING: { label: 'pending', tone: 'warning' },
  CANCELLED: { label: 'cancelled', tone: 'neutral' },
  REJECTED: { label: 'rejected', tone: 'negative' },
};

/** A share price: rupees to the paisa, since the NSE tick is ₹0.05. */
export function formatPrice(rupees: number | null): string {
  return rupees === null ? MISSING_VALUE : `₹${formatNumber(rupees)}`;
}

const IST_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "22 Nov 2026, 10:49" in IST, the exchange's time. */
export function formatTradeTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? MISSING_VALUE : IST_TIME.format(date);
}

/** UUIDs begin with their time; the random tail is the part that tells two trades apart. */
export function shortTradeId(id: string): string {
  return id.length > 8 ? `…${id.slice(-8)}` : id;
}
