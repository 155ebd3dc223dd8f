/**
 * Whether this instance runs the work that must run once when several instances share a database:
 * the trading loops, the market feed connection, the resting-order and breaker timers, the ML
 * trainer and the news poller (docs/decisions/0033-one-leader.md). The others serve requests and
 * streams.
 */
export interface Leadership {
  /** This instance's name, as the lease row and the Auto-Scaling screen show it. */
  readonly identity: string;
  /** True only while this instance's lease has not run out: read on the clock, not on the last timer. */
  isLeader(): boolean;
  /** Told `true` when this instance becomes leader and `false` when it steps down; returns the unsubscribe. */
  onChange(listener: (leader: boolean) => void): () => void;
}
