import { z } from 'zod';

/** Topics a client may subscribe to on /api/stream. */
export const STREAM_TOPIC_PATTERN =
  /^(ticks|candles|book):[A-Z0-9&_-]{1,20}$|^(indices|portfolio|registry|patterns|smart-money|orders|safety|backtests)$/;

export const streamTopicSchema = z
  .string()
  .regex(
    STREAM_TOPIC_PATTERN,
    'Topics are ticks:<SYMBOL>, candles:<SYMBOL>, book:<SYMBOL>, indices, portfolio, registry, patterns, smart-money, orders, safety or backtests',
  );

/** What a client sends: its session first, then what it wants. */
export const streamClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(256) }),
  z.object({ type: z.literal('subscribe'), topics: z.array(streamTopicSchema).min(1).max(200) }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(z.string().max(64)).min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
]);
export type StreamClientMessage = z.infer<typeof streamClientMessageSchema>;

// Zod-free, for the shell's stream client on the first load (docs/decisions/0045).
export { STREAM_CLOSE_CODES } from './stream-close-codes';

/** What the server sends besides topic data (`{ topic, data }`). */
export type StreamServerMessage =
  | { type: 'ready'; email: string }
  | { type: 'subscribed'; topics: string[] }
  | { type: 'error'; error: string }
  | { type: 'pong' }
  | { topic: string; data: unknown }
  /** A burst published in the same moment arrives as one array. */
  | { topic: string; data: unknown }[];
