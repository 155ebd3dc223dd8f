import { istDateOf } from '../../engines/market/calendar';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const order = (payload: object) => call('POST', '/api/orders', payload);
const cash = async () => (await call('GET', '/api/portfolio/overview')).json().data.available_balance;

describe('paper orders', () => {
  it('fills a market buy from the simulated book, charges it like a contract note and shows the holding', async () => {
    const response = await order({ symbol: 'TCS', side: 'BUY', quantity: 5 });
    expect(response.statusCode).toBe(201);
    const filled = response.json().data;
    expect(filled).toMatchObject({ status: 'FILLED', filledQuantity: 5, strategy: 'manual' });
    expect(filled.averagePrice % 5).toBe(0);
    expect(filled.chargesPaise).toBeGreaterThan(2000); // ₹20 brokerage plus taxes

    const overview = (await call('GET', '/api/portfolio/overview')).json();
    expect(overview.trading_mode).toBe('mock');
    const cost = (filled.averagePrice * 5 + filled.chargesPaise) / 100;
    expect(overview.data.available_balance).toBeCloseTo(1_000_000 - cost, 2);
    expect(overview.data.active_positions).toBe(1);
    expect(overview.data.invested_amount).toBeCloseTo((filled.averagePrice * 5) / 100, 2);

    const holdings = (await call('GET', '/api/portfolio/holdings')).json().data;
    expect(holdings).toEqual([
      expect.objectContaining({ symbol: 'TCS', quantity: 5, avg_price: filled.averagePrice / 100 }),
    ]);
    const activity = (await call('GET', '/api/portfolio/activity')).json().data;
    expect(activity[0]).toMatchObject({ action: 'Bought', symbol: 'TCS', quantity: 5, time_ago: 'just now' });
  });

  it('refuses bad orders with a clear 4xx and changes nothing', async () => {
    const before = await cash();
    const cases: [object, number, RegExp][] = [
      [{ symbol: 'TCS', side: 'BUY', quantity: 0 }, 400, /quantity must be at least 1/],
      [{ symbol: 'TCS', side: 'BUY', quantity: -3 }, 400, /quantity must be at least 1/],
      [{ symbol: 'TCS', side: 'BUY', quantity: 1.5 }, 400, /whole number of shares/],
      [{ symbol: 'TCS', side: 'HOLD', quantity: 1 }, 400, /side must be BUY or SELL/],
      [{ symbol: 'NOPE', side: 'BUY', quantity: 1 }, 404, /Unknown symbol NOPE/],
      [{ symbol: 'TCS', side: 'BUY', type: 'LIMIT', quantity: 1 }, 400, /limit_price is required/],
      [
        { symbol: 'TCS', side: 'BUY', type: 'LIMIT', quantity: 1, limit_price: 100.03 },
        400,
        /multiple of ₹0.05/,
      ],
      [{ symbol: 'TCS', side: 'SELL', quantity: 1 }, 422, /TCS/],
      [{ symbol: 'RELIANCE', side: 'BUY', quantity: 100 }, 422, /maximum position size/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await order(payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status });
      expect(response.json().error).toMatch(message);
    }
    expect(await cash()).toBe(before);
    expect((await call('GET', '/api/portfolio/holdings')).json().data).toEqual([]);
  });

  it('rests a limit order away from the market, and cancels it', async () => {
    const placed = (
      await order({ symbol: 'INFY', side: 'BUY', type: 'LIMIT', quantity: 2, limit_price: 10 })
    ).json().data;
    expect(placed.status).toBe('PENDING');
    const cancelled = (await call('POST', `/api/orders/${placed.id}/cancel`)).json().data;
    expect(cancelled.status).toBe('CANCELLED');
    expect((await call('POST', '/api/orders/nope/cancel')).statusCode).toBe(404);
  });

  it('filters, searches and pages the trade history', async () => {
    await order({ symbol: 'TCS', side: 'BUY', quantity: 2 });
    await order({ symbol: 'INFY', side: 'BUY', quantity: 3 });
    await order({ symbol: 'TCS', side: 'SELL', quantity: 2 });
    await order({ symbol: 'RELIANCE', side: 'BUY', quantity: 100 }); // rejected

    const all = (await call('GET', '/api/trades/recent')).json().data;
    expect(all.total).toBe(4);
    expect(all.summary).toMatchObject({ total_trades: 4, filled: 3 });
    const tcs = (await call('GET', '/api/trades/recent?search=tcs')).json().data;
    expect(tcs.trades.map((t: { symbol: string }) => t.symbol)).toEqual(['TCS', 'TCS']);
    const sell = tcs.trades[0];
    expect(sell).toMatchObject({ side: 'SELL', status: 'FILLED', strategy: 'manual' });
    expect(sell.net_pnl).toBeCloseTo(sell.pnl - sell.fees, 2);
    const rejected = (await call('GET', '/api/trades/recent?status=REJECTED')).json().data;
    expect(rejected.trades).toHaveLength(1);
    expect(rejected.trades[0].reject_reason).toMatch(/maximum position size/);
    const page2 = (await call('GET', '/api/trades/recent?page=2&page_size=3')).json().data;
    expect(page2.trades).toHaveLength(1);
    const byId = (await call('GET', `/api/trades/recent?search=${sell.id}`)).json().data;
    expect(byId.trades).toEqual([sell]);
    expect((await call('GET', '/api/trades/recent?range=2y')).statusCode).toBe(400);
  });
});

describe('the paper account', () => {
  it('edits the balance with positive amounts only, with the spec messages', async () => {
    const ok = await call('POST', '/api/trading/paper/balance', { balance: 250000 });
    expect(ok.json()).toMatchObject({
      success: true,
      new_balance: 250000,
      message: 'Balance updated successfully to ₹2,50,000',
    });
    for (const balance of [-5, 0, 'lots', null] as unknown[]) {
      const refused = await call('POST', '/api/trading/paper/balance', { balance });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/Please enter a valid positive balance amount/);
    }
    expect(await cash()).toBe(250000);
  });

  it('updates limits within their ranges and refuses out-of-range values', async () => {
    const limits = {
      max_position_size: 75000,
      max_daily_loss: 20000,
      max_portfolio_exposure: 0.5,
      max_positions_count: 5,
      min_balance_threshold: 50000,
      brokerage_per_trade: 15,
      stt_rate: 0.001,
      brokerage_plan: 'discount',
      transaction_charges: 0.00345,
    };
    expect((await call('POST', '/api/trading/paper-limits', limits)).json().message).toBe(
      'Trading limits updated successfully!',
    );
    expect((await call('GET', '/api/trading/paper-limits')).json().data).toEqual(limits);
    const bad = await call('POST', '/api/trading/paper-limits', { ...limits, max_portfolio_exposure: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/fraction from 0 to 1/);
    expect(
      (await call('POST', '/api/trading/paper-limits', { ...limits, max_positions_count: 'ten' })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/trading/paper-limits')).json().data).toEqual(limits);
  });

  it('resets to ₹10,00,000 and closes every position', async () => {
    await order({ symbol: 'TCS', side: 'BUY', quantity: 2 });
    const reset = (await call('POST', '/api/trading/paper-reset', { balance: 1000000 })).json();
    expect(reset).toMatchObject({ success: true, data: { balance: 1000000, closed_positions: 1 } });
    expect((await call('GET', '/api/portfolio/holdings')).json().data).toEqual([]);
    expect(await cash()).toBe(1000000);
    const overview = (await call('GET', '/api/portfolio/overview')).json().data;
    expect(overview.total_returns).toBe(0);
  });

  it('reports limits status with the four checks', async () => {
    const data = (await call('GET', '/api/trading/paper/overview')).json().data;
    expect(Object.keys(data.limits_status).sort()).toEqual([
      'balance_status',
      'daily_loss_status',
      'exposure_status',
      'positions_status',
    ]);
    expect(data.limits_status.balance_status).toEqual({ current: 1000000, threshold: 100000, safe: true });
  });

  it('answers quick stats from the ledger and the feed', async () => {
    const stats = (await call('GET', '/api/quick-stats')).json();
    expect(stats).toEqual({
      success: true,
      data: {
        active_positions: 0,
        win_rate: 0,
        closed_trades: 0,
        monthly_return: 0,
        connection_status: 'connected',
        data_source: 'Simulated',
      },
    });
  });

  it('says how many closed trades the win rate is measured over', async () => {
    await order({ symbol: 'TCS', side: 'BUY', quantity: 4 });
    await order({ symbol: 'TCS', side: 'SELL', quantity: 2 });
    const stats = (await call('GET', '/api/quick-stats')).json().data;
    expect(stats.closed_trades).toBe(1);
    expect([0, 100]).toContain(stats.win_rate);
  });

  it('does not count money taken out as a monthly loss, whether or not an opening 30 days ago exists', async () => {
    await call('POST', '/api/trading/paper/balance', { balance: 750_000 });
    expect((await call('GET', '/api/quick-stats')).json().data.monthly_return).toBe(0);

    const monthAgo = istDateOf(testApp.services.market.clock.now() - 30 * 86_400_000);
    testApp.services.ledger.recordOpeningEquity('paper', monthAgo, 100_000_000);
    // Since that opening ₹2,50,000 went out and nothing was traded: no return, not −25 %.
    expect((await call('GET', '/api/quick-stats')).json().data.monthly_return).toBe(0);
  });
});
