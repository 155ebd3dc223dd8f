import { istFileDate } from '@td/ui';

/** "trades-2026-01-05.csv", dated in IST as the server dates it. */
export function tradesFilename(now = new Date()): string {
  return `trades-${istFileDate(now)}.csv`;
}
