// What insight reads from the news pipeline, the model engine and the ledger, parsed at the seam: the
// other parts answer `unknown` (ml-seams.ts), so a shape this file does not know reads as "not there".
import {
  type EnsembleStatus,
  ensembleStatusSchema,
  type OnlineLearningStatus,
  onlineLearningStatusSchema,
  type Trade,
} from '@td/contracts';
import { z } from 'zod';
import type { TradeStats } from '../../broker/ledger';
import type { MentionSet } from './knowledge-graph';
import type { TrackedHeadline } from './news-event-tracker';

/** The ledger's closed-trade counts insight reads for the account in use. */
export type ClosedTrades = Pick<TradeStats, 'trades' | 'wins' | 'winRate'>;

const time = z
  .union([z.number(), z.string()])
  .transform((value) => (typeof value === 'number' ? value : Date.parse(value)));
const strings = z.array(z.string()).catch([]);

const headlineSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  symbols: strings.optional(),
  topics: strings.optional(),
  sectors: strings.optional(),
  event_type: z.string().nullish(),
  eventType: z.string().nullish(),
  score: z.number().nullish(),
  sentiment_score: z.number().nullish(),
  timestamp: time.optional(),
  published_at: time.optional(),
  publishedAt: time.optional(),
});

export interface NewsReading extends MentionSet, TrackedHeadline {}

/** The news pipeline's headlines (a list, or `{ headlines }`); the ones this file cannot read are left out. */
export function readHeadlines(reply: unknown): NewsReading[] {
  const list = Array.isArray(reply)
    ? reply
    : Array.isArray((reply as { headlines?: unknown })?.headlines)
      ? (reply as { headlines: unknown[] }).headlines
      : [];
  const found: NewsReading[] = [];
  for (const item of list) {
    const parsed = headlineSchema.safeParse(item);
    if (!parsed.success) continue;
    const h = parsed.data;
    const at = h.timestamp ?? h.published_at ?? h.publishedAt;
    const score = h.score ?? h.sentiment_score;
    const eventType = h.event_type ?? h.eventType ?? null;
    if (at === undefined || !Number.isFinite(at) || typeof score !== 'number' || !Number.isFinite(score))
      continue;
    found.push({
      id: h.id,
      at,
      score,
      symbols: (h.symbols ?? []).map((symbol) => symbol.toUpperCase()),
      sectors: h.sectors ?? [],
      // A headline's topics: its own, if it names any, and its event type (results, rating change…).
      topics: [...new Set([...(h.topics ?? []), ...(eventType ? [eventType] : [])])],
      eventType: eventType ?? 'headline',
    });
  }
  return found;
}

export function readEnsembleStatus(reply: unknown): EnsembleStatus | null {
  const parsed = ensembleStatusSchema.safeParse(reply);
  return parsed.success ? parsed.data : null;
}

export function readOnlineLearningStatus(reply: unknown): OnlineLearningStatus | null {
  const parsed = onlineLearningStatusSchema.safeParse(reply);
  return parsed.success ? parsed.data : null;
}

/** The ledger's orders as decisions: approved or refused, and each closed trade's return after charges. */
export function readTrades(trades: readonly Trade[]) {
  const tally = tradeTally();
  tally.add(trades);
  return tally.result();
}

export type TradeReading = ReturnType<typeof readTrades>;

/**
 * readTrades a page at a time: the same figures, without holding every order at once (the insight
 * build hands it 250 orders a step, so 200,000 trades are never on the heap together).
 */
export function tradeTally() {
  let orders = 0;
  let approved = 0;
  let rejected = 0;
  const closed: { at: number; return: number }[] = [];
  return {
    add(trades: readonly Trade[]): void {
      orders += trades.length;
      for (const trade of trades) {
        if (trade.status === 'REJECTED') rejected += 1;
        else if (trade.status !== 'CANCELLED') approved += 1;
        if (trade.side !== 'SELL' || trade.status !== 'FILLED') continue;
        const cost = trade.entry_price !== null ? trade.entry_price * trade.quantity : null;
        const value =
          trade.net_pnl !== null && cost !== null && cost > 0
            ? trade.net_pnl / cost
            : trade.pnl_percent !== null
              ? trade.pnl_percent / 100
              : null;
        const at = Date.parse(trade.timestamp);
        if (value !== null && Number.isFinite(value) && Number.isFinite(at))
          closed.push({ at, return: value });
      }
    },
    result: () => ({ orders, approved, rejected, closed }),
  };
}

/** The ledger's closed trades for the account in use, read now; null when there is no ledger or it cannot be read. */
export function closedTradesNow(read: (() => ClosedTrades) | undefined): ClosedTrades | null {
  try {
    return read?.() ?? null;
  } catch {
    return null;
  }
}
