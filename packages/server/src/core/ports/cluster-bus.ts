import type { Tick } from '../market-tick';
import type { HaltRecord } from './repositories/halts';

/** One stream message for every instance's hub: the topic and its payload, as StreamHub.publish takes them. */
export interface StreamFrame {
  topic: string;
  data: unknown;
}

/**
 * What crosses instances. Add a member here for a new kind of event; an instance ignores a type it
 * does not know, so a rolling deploy may run old and new side by side.
 */
export type ClusterEvent =
  /** Market data published by the instance holding the feed: every hub sends it to its own clients. */
  | { type: 'stream-frames'; frames: StreamFrame[] }
  /** The ticks the leader's feed delivered: a follower's market applies them as its own feed's. */
  | { type: 'market-ticks'; ticks: Tick[] }
  /** Sessions of this account ended (sign-out, sign-out everywhere, a password change): re-check open streams. */
  | { type: 'session-revoked'; email: string }
  /** An Emergency Stop, a breaker's trip or a resume: the halt as it now stands. */
  | { type: 'halt-changed'; halt: HaltRecord };

export type ClusterEventType = ClusterEvent['type'];
export type ClusterEventOf<T extends ClusterEventType> = Extract<ClusterEvent, { type: T }>;

/**
 * Events published to every instance, this one included. Delivery is at most once and unordered
 * between publishers (decision 0032): whatever must not be lost is also in the database and is
 * re-read on `onReconnect`.
 */
export interface ClusterBus {
  /** This instance's name on the bus; a handler compares `from` with it to skip its own events. */
  readonly instanceId: string;
  /** False for the in-process bus: nothing else hears it. */
  readonly spansInstances: boolean;
  /** Resolves once the event is handed to the bus (not when others have handled it). */
  publish(event: ClusterEvent): Promise<void>;
  /** Returns the unsubscribe. `from` is the publishing instance's id. */
  subscribe<T extends ClusterEventType>(
    type: T,
    handler: (event: ClusterEventOf<T>, from: string) => void,
  ): () => void;
  /** Called after the bus came back from a lost connection: events meanwhile may be missing. */
  onReconnect(listener: () => void): () => void;
  /** Ready to deliver (subscribed); the runtime awaits it before the engines publish. */
  ready(): Promise<void>;
  close(): Promise<void>;
}
