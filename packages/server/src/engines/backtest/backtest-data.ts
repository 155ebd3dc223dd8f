import type { BacktestStartRequest } from '@td/contracts';
import { conflict } from '../../core/errors';
import type { BacktestHistory, BacktestRange } from './backtest-sessions';
import { type StoredCandles, storedHistory } from './stored-history';

/** Where the lab's runs read their bars: the generated history, and the stored candles when readable. */
export interface BacktestDataSources {
  history: BacktestHistory;
  /** The imported and fetched candles (data 'stored'); absent when the worker cannot read them. */
  storedCandles?: StoredCandles;
  /**
   * Whether the generated history is the feed's own: it is the simulator's past, so with a real feed its
   * prices are not the market's and a run over them would mislead. Default: yes.
   */
  historyIsTheFeeds?: () => boolean;
}

/**
 * The history a backtest or a sweep over `data` reads (decisions 0054, 0056, 0057). Stored candles are
 * the market's own bars and may be replayed whatever the feed is; the generated history only while the
 * simulator is the feed. Each refusal is a 409 with what to do instead.
 */
export function historyForData(
  sources: BacktestDataSources,
  data: BacktestStartRequest['data'] | undefined,
  range: BacktestRange,
): BacktestHistory {
  if ((data ?? 'generated') === 'generated') {
    if (sources.historyIsTheFeeds && !sources.historyIsTheFeeds()) {
      throw conflict(
        'The generated history is the simulator’s past, and the market feed now is a real one: its prices are not these. Switch to mock mode, or choose your imported / fetched candles.',
        'backtest_history_not_the_feeds',
      );
    }
    return sources.history;
  }
  if (!sources.storedCandles) {
    throw conflict(
      'The backtest thread cannot read this server’s stored candles (its database is in memory): choose the generated history.',
      'backtest_no_stored',
    );
  }
  return storedHistory(sources.storedCandles, range, sources.history);
}
