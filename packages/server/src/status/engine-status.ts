import type { EngineStatus, TickStreamingDashboard, TradingLoopStatus } from '@td/contracts';
import type { PaperAccountPreparation } from '../engines/broker/paper-account-preparation';
import type { MarketDataService } from '../engines/market/market-data-service';
import { BOOK_DEPTH } from '../engines/market/simulator/order-book-generator';
import { signalDetail, type TradingLoopState } from '../engines/strategy';
import type { StreamHub } from '../engines/stream/stream-hub';

const iso = (ts: number | null) => (ts === null ? null : new Date(ts).toISOString());
/** Without a tick for this long during an open market, the feed is not streaming. */
const STREAMING_WINDOW_MS = 5000;

/** spec part 1 §7: engines status, with the market's state for the active feed. */
export function engineStatus(
  market: MarketDataService,
  loop: TradingLoopState,
  account: 'paper' | 'live' = 'paper',
): EngineStatus {
  const now = market.clock.now();
  const session = market.clock.sessionAt(now);
  const feed = market.activeProvider.health();
  return {
    market_status: {
      is_open: session.isOpen,
      session: session.phase,
      description: market.clock.describe(now),
      next_open: iso(market.clock.nextOpen(now)),
      next_close: iso(market.clock.nextClose(now)),
      source: feed.source,
      simulated: session.simulated,
    },
    engines: {
      market_data: { running: feed.connected, detail: feed.message },
      tick_pipeline: {
        running: market.pipeline.stats().processed > 0,
        detail: `${market.pipeline.stats().symbols} symbols priced`,
      },
      trading_loop: { running: loop.running, detail: loop.statusText },
    },
    trading_active: loop.status === 'active',
    trading_loop: tradingLoopStatus(loop, account),
  };
}

/** The loop's state at the edge: ISO times, rupees, snake_case. */
export function tradingLoopStatus(loop: TradingLoopState, account: 'paper' | 'live'): TradingLoopStatus {
  const last = loop.lastRun;
  return {
    status: loop.status,
    status_text: loop.statusText,
    running: loop.running,
    strategy: loop.strategy,
    account,
    interval_seconds: loop.intervalMs / 1000,
    last_run_at: iso(loop.lastRunAt),
    next_run_at: iso(loop.nextRunAt),
    last_run: last && {
      market_open: last.marketOpen,
      buy_signals: last.buySignals,
      sell_signals: last.sellSignals,
      orders_placed: last.ordersPlaced,
      orders_rejected: last.ordersRejected,
      skipped: last.skipped,
      error: last.error,
    },
    orders_placed_today: loop.ordersPlacedToday,
    orders_rejected_today: loop.ordersRejectedToday,
    budget: loop.budgetPaise / 100,
    budget_left: loop.budgetLeftPaise / 100,
    halted_reason: loop.haltedReason,
    last_error: loop.lastError,
    top_signals: loop.topSignals.map((signal) => ({
      symbol: signal.symbol,
      direction: signal.direction,
      score: signal.score,
      confidence: signal.confidence,
      reason: signalDetail(signal),
    })),
    recent_decisions: loop.recentDecisions.map(({ firstAt, ...decision }) => ({
      ...decision,
      at: iso(decision.at)!,
      first_at: iso(firstAt)!,
    })),
  };
}

/** spec part 2 §3 "Tick streaming dashboard", every figure read from the feed, pipeline and stream. */
export function tickDashboard(market: MarketDataService, stream: StreamHub): TickStreamingDashboard {
  const now = market.clock.now();
  const stats = market.pipeline.stats();
  const feeds = market.providerHealth();
  const active = market.activeProvider.health();
  const open = market.clock.isOpen(now);
  const streaming = stats.lastTickAt !== null && now - stats.lastTickAt < STREAMING_WINDOW_MS;
  const hub = stream.stats();
  const websocketHealth: TickStreamingDashboard['websocket_health'] = {};
  for (const feed of feeds) {
    websocketHealth[`${feed.source}_feed`] = {
      active: feed.connected,
      mode: feed.mode ?? 'none',
      symbols: feed.subscribed,
    };
  }
  websocketHealth.dashboard_clients = { active: hub.clients > 0, mode: 'json', symbols: hub.topics };

  const errorRate =
    stats.ticksPerMinute + stats.errorsPerMinute > 0
      ? stats.errorsPerMinute / (stats.ticksPerMinute + stats.errorsPerMinute)
      : 0;
  const overall = !active.connected
    ? 'down'
    : (open && !streaming) || errorRate > 0.01
      ? 'degraded'
      : 'healthy';
  const message = !active.connected
    ? active.message
    : open && !streaming
      ? 'The market is open but no ticks arrived in the last 5 seconds.'
      : open
        ? active.message
        : `Market closed: ${market.clock.describe(now)}`;
  const upstox = feeds.find((feed) => feed.source === 'upstox' && feed.connected && feed.mode === 'full_d30');
  return {
    connection_status: active.connected
      ? 'connected'
      : active.status === 'connecting'
        ? 'connecting'
        : 'disconnected',
    source: active.source,
    websocket_health: websocketHealth,
    health: {
      ticks_per_minute: stats.ticksPerMinute,
      latency_ms: stats.latencyP50Ms,
      latency_p99_ms: stats.latencyP99Ms,
      is_streaming: streaming,
      is_connected: active.connected,
      error_rate: Math.round(errorRate * 10000) / 10000,
      memory_usage_mb: Math.round((process.memoryUsage().rss / 1048576) * 10) / 10,
      overall_status: overall,
      last_tick_time: iso(stats.lastTickAt),
      message,
    },
    data_flow: {
      ticks_per_second: Math.round((stats.ticksPerMinute / 60) * 10) / 10,
      depth_levels:
        active.source === 'simulator'
          ? BOOK_DEPTH
          : active.mode === 'full_d30'
            ? 30
            : active.mode === 'full'
              ? 5
              : 0,
      one_second_candles: true,
      pattern_detection: true,
      smart_money_tracking: true,
      recent_patterns: market.pipeline.recentPatterns(10),
      smart_money_events: market.pipeline.smartMoney.events(10),
    },
    upstox_plus_features: upstox
      ? { websocket_connections: 1, symbols_tracked: upstox.subscribed, candles_active: stats.symbols }
      : null,
  };
}

/** While the replay prepares the account, the paper loop's status says so: the top bar and the dashboard show it. */
export function preparingLoopState(
  state: TradingLoopState,
  preparation: Pick<PaperAccountPreparation, 'refusal'>,
): TradingLoopState {
  const sentence = preparation.refusal();
  return sentence === null ? state : { ...state, status: 'waiting', statusText: sentence };
}
