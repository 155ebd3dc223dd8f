import type { EngineStatus, TradingLoopStatus } from '@td/contracts';

/** A trading loop deciding on an open market: what /api/engines/status carries while it trades. */
export function tradingLoopFixture(overrides: Partial<TradingLoopStatus> = {}): TradingLoopStatus {
  return {
    status: 'active',
    status_text: 'Trading momentum+mean_reversion: 2 orders today, last run 10:31 IST. Next run 10:32 IST.',
    running: true,
    strategy: 'momentum+mean_reversion',
    account: 'paper',
    interval_seconds: 60,
    last_run_at: '2026-11-20T05:01:00.000Z',
    next_run_at: '2026-11-20T05:02:00.000Z',
    last_run: {
      market_open: true,
      buy_signals: 3,
      sell_signals: 1,
      orders_placed: 2,
      orders_rejected: 0,
      skipped: 1,
      error: null,
    },
    orders_placed_today: 2,
    orders_rejected_today: 0,
    budget: 25_000,
    budget_left: 12_500,
    halted_reason: null,
    last_error: null,
    top_signals: [
      {
        symbol: 'RELIANCE',
        direction: 'BUY',
        score: 0.62,
        confidence: 0.71,
        reason: 'momentum: 20-bar return +1.8 %',
      },
    ],
    recent_decisions: [
      {
        at: '2026-11-20T05:01:00.000Z',
        first_at: '2026-11-20T05:01:00.000Z',
        symbol: 'RELIANCE',
        side: 'BUY',
        quantity: 4,
        outcome: 'filled',
        reason: 'BUY signal, score 0.62, confidence 0.71: momentum: 20-bar return +1.8 %',
        repeats: 1,
      },
      {
        at: '2026-11-20T05:01:00.000Z',
        first_at: '2026-11-20T05:01:00.000Z',
        symbol: 'TCS',
        side: null,
        quantity: null,
        outcome: 'skipped',
        reason: 'daily budget spent',
        repeats: 1,
      },
    ],
    ...overrides,
  };
}

/** The engines status of an open simulated market with the loop trading; parts overridable. */
export function engineStatusFixture(
  overrides: Partial<Omit<EngineStatus, 'trading_loop'>> & { trading_loop?: Partial<TradingLoopStatus> } = {},
): EngineStatus {
  const loop = tradingLoopFixture(overrides.trading_loop);
  return {
    market_status: {
      is_open: true,
      session: 'normal',
      description: 'Market open',
      next_open: null,
      next_close: null,
      source: 'simulator',
      simulated: true,
    },
    engines: {
      market_data: { running: true },
      trading_loop: { running: loop.running, detail: loop.status_text },
    },
    trading_active: loop.status === 'active',
    ...overrides,
    trading_loop: loop,
  };
}
