import type { Trade, TradesPage } from '@td/contracts';
import { type FakeReply, type RenderRemoteOptions, renderRemote, reply } from '@td/platform/test-support';
import { TradesPage as TradesScreen } from './trades-page';

// Fixtures for the trading history tests: a few days of a trader's orders, as the server sends them.

export const TRADES = 'GET /api/trades/recent';
export const EXPORT = 'GET /api/trades/export';
export const AUDIT_EXPORT = 'GET /api/audit/orders';

export function trade(overrides: Partial<Trade> = {}): Trade {
  return {
    id: '01a201b1-e6f1-71b9-b1d3-5c2321460795',
    symbol: 'TCS',
    side: 'SELL',
    order_type: 'MARKET',
    quantity: 2,
    price: 3107.15,
    limit_price: null,
    entry_price: 3050.5,
    exit_price: 3107.15,
    current_price: null,
    status: 'FILLED',
    reject_reason: null,
    timestamp: '2026-11-20T05:19:25.937Z',
    strategy: 'momentum',
    // SELL 2 × ₹3,107.15 intraday: ₹20 + STT 0.025 % ₹1.55 + exchange ₹0.18 + SEBI ₹0.01 + GST ₹3.63.
    fees: 25.37,
    pnl: 113.3,
    pnl_percent: 1.86,
    net_pnl: 87.93,
    simulated_replay: false,
    product: 'I',
    charges: { brokerage: 20, stt: 1.55, exchange: 0.18, sebi: 0.01, stamp: 0, gst: 3.63 },
    origin: 'loop',
    ...overrides,
  };
}

export const SAMPLE_TRADES: Trade[] = [
  trade(),
  trade({
    id: '01a201b1-e6db-7155-abb0-478fbbb0f690',
    symbol: 'INFY',
    side: 'BUY',
    quantity: 3,
    price: 1579.15,
    entry_price: 1579.15,
    exit_price: null,
    strategy: 'mean-reversion',
    fees: 12.6,
    pnl: null,
    pnl_percent: null,
    net_pnl: null,
    simulated_replay: true,
  }),
  trade({
    id: '01a201b1-e716-722f-b591-ff463dff4061',
    symbol: 'INFY',
    side: 'BUY',
    order_type: 'LIMIT',
    quantity: 1,
    price: null,
    limit_price: 1500,
    entry_price: null,
    exit_price: null,
    current_price: 1579.15,
    status: 'PENDING',
    fees: 0,
    pnl: null,
    pnl_percent: null,
    net_pnl: null,
    strategy: 'manual',
    origin: 'manual',
  }),
  trade({
    id: '01a201b1-e709-71a8-8b86-76ae329364be',
    symbol: 'RELIANCE',
    side: 'BUY',
    quantity: 100,
    price: null,
    entry_price: null,
    exit_price: null,
    current_price: 1554.45,
    status: 'REJECTED',
    reject_reason: 'Order value ₹1,55,445 is above the maximum position size of ₹50,000',
    fees: 0,
    pnl: null,
    pnl_percent: null,
    net_pnl: null,
    strategy: 'manual',
    origin: 'manual',
  }),
];

export function tradesPage(overrides: Partial<TradesPage> = {}): TradesPage {
  const trades = overrides.trades ?? SAMPLE_TRADES;
  return {
    trades,
    total: trades.length,
    page: 1,
    page_size: 25,
    summary: {
      total_trades: 48,
      filled: 40,
      pending: 3,
      closed_trades: 16,
      win_rate: 62.5,
      total_pnl: 12345.6,
      total_fees: 987.4,
      open_positions: 5,
    },
    strategies: ['manual', 'mean-reversion', 'momentum'],
    ...overrides,
  };
}

export const ok = (data: unknown): FakeReply => reply(200, { success: true, data });
export const unavailable = reply(503, { success: false, error: 'Trading service not connected' });

export function renderTrades(options: RenderRemoteOptions = {}) {
  return renderRemote(<TradesScreen />, {
    remote: 'trading',
    signedIn: true,
    url: '/trades',
    ownPaths: ['/trades'],
    ...options,
    replies: { [TRADES]: ok(tradesPage()), ...options.replies },
  });
}

/** The query string of every trades request so far, as parameters. */
export function tradeQueries(requests: { path: string; query: string }[], path = '/api/trades/recent') {
  return requests
    .filter((request) => request.path === path)
    .map((request) => Object.fromEntries(new URLSearchParams(request.query)));
}
