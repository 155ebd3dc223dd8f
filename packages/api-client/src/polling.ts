/** spec part 1 §9 and part 2: how often each screen asks again. One table, used by every hook. */
export const POLL_INTERVALS = {
  quickStats: 30_000,
  engineStatus: 30_000,
  portfolio: 30_000,
  tradingMode: 60_000,
  mlMetrics: 45_000,
  /** spec part 2 §2.6/§7: the ML screen's status calls, in parallel, every 30 s. */
  mlStatus: 30_000,
  pipeline: 30_000,
  risk: 30_000,
  researchReconnect: 30_000,
  registry: 5_000,
  /** The stream carries live index values; the poll is the fallback when it is down. */
  marketOverview: 30_000,
  trades: 30_000,
  paper: 30_000,
  /** spec part 2 §9: tick streaming every 10 s, auto-scaling every 30 s. */
  tickStreaming: 10_000,
  autoScaling: 30_000,
  /** Data sources and the broker card: the spec's cache stale time is 5 min; statuses change faster. */
  dataSources: 60_000,
  /** A backtest while it runs (decision 0054): the stream's frames come faster; this is the fallback. Finished runs are not polled. */
  backtestRunning: 1_000,
} as const;

/**
 * How long an answer counts as fresh for the calls the shell prefetches before a screen mounts (the
 * dashboard's figures, docs/decisions/0046; not the trading mode, which every screen asks anew): a screen mounted within this reuses
 * the prefetched answer instead of asking again at once. Shorter than every interval those calls
 * poll at, so the poll alone still decides when they are asked again.
 */
export const PREFETCH_FRESH_MS = 10_000;
