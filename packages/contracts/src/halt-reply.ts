import {
  boolean,
  integer,
  literal,
  nullable,
  object,
  oneOf,
  type Reader,
  type ReplyCheck,
  replyCheck,
  string,
  withDefault,
} from './reply-reader';

// The halt's reply, checked without zod (docs/decisions/0046): the Emergency Stop's and the resume's
// answers must be readable even when a lazily loaded schema chunk cannot be fetched, or a stop the
// server carried out would read "failed, try again" and a second press could sell again.
// first-figures-replies.test.ts holds it to haltStateSchema.

export const HALT_SOURCES = ['manual', 'circuit_breaker'] as const;
export const CIRCUIT_BREAKERS = ['volatility', 'market_drop', 'liquidity'] as const;

export interface HaltStateReply {
  halted: boolean;
  reason: string | null;
  source: (typeof HALT_SOURCES)[number] | null;
  breaker: (typeof CIRCUIT_BREAKERS)[number] | null;
  by: string | null;
  at: string | null;
  cancelled_orders: number;
  filled_orders: number;
  chasing_orders: number;
  closed_positions: number;
  resumed_at: string | null;
  resumed_by: string | null;
  resume_reason: string | null;
  refusal: string | null;
}

const haltState: Reader<HaltStateReply> = object({
  halted: boolean,
  reason: nullable(string),
  source: nullable(oneOf(HALT_SOURCES)),
  breaker: nullable(oneOf(CIRCUIT_BREAKERS)),
  by: nullable(string),
  at: nullable(string),
  cancelled_orders: integer,
  filled_orders: withDefault(integer, 0),
  chasing_orders: withDefault(integer, 0),
  closed_positions: integer,
  resumed_at: nullable(string),
  resumed_by: withDefault(nullable(string), null),
  resume_reason: withDefault(nullable(string), null),
  refusal: withDefault(nullable(string), null),
});

/** GET /api/risk/halt, POST /api/risk/emergency-stop and /api/risk/resume, as okEnvelope(haltStateSchema). */
export const haltStateReply: ReplyCheck<{ success: true; data: HaltStateReply }> = replyCheck(
  object({ success: literal(true), data: haltState }),
);
