import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

// spec part 2 §2.4 Trading History: GET /api/trades/recent and GET /api/trades/export.

let testApp: TestApp;
let headers: { authorization: string };

interface TradeRow {
  id: string;
  symbol: string;
  side: string;
  status: string;
  strategy: string;
  [key: string]: unknown;
}

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers });
const history = async (query = '') => {
  const response = await get(`/api/trades/recent${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    trades: TradeRow[];
    total: number;
    summary: Record<string, number | null>;
    strategies: string[];
  };
};
const symbols = (trades: TradeRow[]) => trades.map((trade) => trade.symbol);
const order = async (payload: object) => {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/orders', headers, payload });
  return response.json().data as TradeRow;
};
/** Moves an order back in time: the ledger stamps orders with the real clock. */
const placedDaysAgo = (id: string, days: number) =>
  testApp.services.db
    .prepare('UPDATE orders SET created_at = created_at - ? WHERE id = ?')
    .run(days * 86_400_000, id);

/** Splits CSV text into rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i]!;
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += character;
  }
  return rows;
}

let sell: TradeRow;
let pending: TradeRow;

// A fresh ledger per test: six orders, one of each kind the history shows.
beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
  await order({ symbol: 'TCS', side: 'BUY', quantity: 2, strategy: 'momentum' });
  await order({ symbol: 'INFY', side: 'BUY', quantity: 3 });
  sell = await order({ symbol: 'TCS', side: 'SELL', quantity: 2, strategy: 'momentum' });
  await order({ symbol: 'RELIANCE', side: 'BUY', quantity: 100 }); // refused: over the position limit
  pending = await order({ symbol: 'INFY', side: 'BUY', type: 'LIMIT', quantity: 1, limit_price: 10 });
  const cancelled = await order({ symbol: 'TCS', side: 'BUY', type: 'LIMIT', quantity: 1, limit_price: 10 });
  await testApp.app.inject({ method: 'POST', url: `/api/orders/${cancelled.id}/cancel`, headers });
});
afterEach(() => testApp.close());

describe('GET /api/trades/recent', () => {
  it('finds trades by any part of the symbol, in any case', async () => {
    expect(symbols((await history('?search=cs')).trades)).toEqual(['TCS', 'TCS', 'TCS']);
    expect(symbols((await history('?search=nF')).trades)).toEqual(['INFY', 'INFY']);
    expect(symbols((await history('?search=RELI')).trades)).toEqual(['RELIANCE']);
    expect((await history('?search=WIPRO')).trades).toEqual([]);
  });

  it('finds a trade by a part of its ID, in any case', async () => {
    // The random tail: IDs begin with their time, so two orders in one millisecond share the head.
    const part = sell.id.slice(-10).toUpperCase();
    const found = await history(`?search=${encodeURIComponent(part)}`);
    expect(found.trades.map((trade) => trade.id)).toEqual([sell.id]);
    expect(found.total).toBe(1);
  });

  it('reads % and _ in a search as themselves, not as wildcards', async () => {
    expect((await history('?search=%25')).total).toBe(0);
    expect((await history('?search=_')).total).toBe(0);
    expect((await history('?search=T_S')).total).toBe(0);
  });

  it('keeps only the trades placed within the range', async () => {
    const old = await order({ symbol: 'INFY', side: 'BUY', quantity: 1, strategy: 'old-one' });
    placedDaysAgo(old.id, 40);
    const lastWeek = await order({ symbol: 'INFY', side: 'BUY', quantity: 1, strategy: 'last-week' });
    placedDaysAgo(lastWeek.id, 3);
    const ids = async (range: string) => (await history(`?range=${range}`)).trades.map((t) => t.id);
    expect(await ids('all')).toEqual(expect.arrayContaining([old.id, lastWeek.id]));
    expect(await ids('365d')).toEqual(expect.arrayContaining([old.id, lastWeek.id]));
    expect(await ids('30d')).toContain(lastWeek.id);
    expect(await ids('30d')).not.toContain(old.id);
    expect(await ids('7d')).toContain(lastWeek.id);
    for (const range of ['today', '1d']) {
      expect(await ids(range)).not.toContain(lastWeek.id);
      expect(await ids(range)).toContain(sell.id);
    }
    expect((await history('?range=7d')).summary.total_trades).toBe((await history()).total - 1);
  });

  it('filters by one status or several, and by side and strategy', async () => {
    expect(symbols((await history('?status=PENDING')).trades)).toEqual(['INFY']);
    const ended = await history('?status=CANCELLED,REJECTED');
    expect(ended.trades.map((trade) => trade.status).sort()).toEqual(['CANCELLED', 'REJECTED']);
    expect((await history('?status=filled')).total).toBe(3);
    expect(symbols((await history('?side=SELL')).trades)).toEqual(['TCS']);
    expect((await history('?strategy=momentum')).total).toBe(2);
    expect((await history()).strategies).toEqual(['manual', 'momentum']);
  });

  it('shows ledger figures on each trade: entry and exit, charges, net P&L, the price now when unfilled', async () => {
    const { trades } = await history();
    const closing = trades.find((trade) => trade.id === sell.id)!;
    expect(closing).toMatchObject({
      side: 'SELL',
      status: 'FILLED',
      strategy: 'momentum',
      current_price: null,
    });
    expect(closing.exit_price).toBe(closing.price);
    expect(closing.entry_price).toBeCloseTo((closing.price as number) - (closing.pnl as number) / 2, 2);
    expect(closing.net_pnl).toBeCloseTo((closing.pnl as number) - (closing.fees as number), 2);
    expect(closing.fees).toBeGreaterThan(0);

    const waiting = trades.find((trade) => trade.id === pending.id)!;
    expect(waiting).toMatchObject({ status: 'PENDING', entry_price: null, exit_price: null, pnl: null });
    expect(waiting.current_price).toEqual(expect.any(Number));

    const refused = trades.find((trade) => trade.status === 'REJECTED')!;
    expect(refused.reject_reason).toMatch(/maximum position size/);
  });

  it('summarises every trade matching the filters, with the holdings count', async () => {
    const all = await history('?page_size=2');
    expect(all.trades).toHaveLength(2);
    expect(all.summary).toMatchObject({
      total_trades: 6,
      filled: 3,
      pending: 1,
      closed_trades: 1,
      open_positions: 1, // INFY; TCS was sold again
    });
    const closing = (await history(`?search=${sell.id}`)).trades[0]!;
    expect(all.summary.win_rate).toBe((closing.net_pnl as number) > 0 ? 100 : 0);
    const tcs = await history('?search=tcs');
    expect(tcs.summary).toMatchObject({ total_trades: 3, filled: 2, pending: 0, closed_trades: 1 });
  });

  it('pages through the matching trades', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => history(`?page=${page}&page_size=2`)));
    expect(pages.map((page) => page.trades.length)).toEqual([2, 2, 2]);
    const ids = pages.flatMap((page) => page.trades.map((trade) => trade.id));
    expect(new Set(ids).size).toBe(6);
    expect((await history('?page=4&page_size=2')).trades).toEqual([]);
  });

  it('refuses bad query values with a 400 that names the field and the fix', async () => {
    const cases: [string, RegExp][] = [
      ['range=2y', /^Invalid range: range must be today, 1d, 7d, 30d, 90d, 365d, all$/],
      ['status=OPEN', /^Invalid status: status must be all, or FILLED, PENDING, CANCELLED or REJECTED/],
      ['status=FILLED,NOPE', /^Invalid status/],
      ['page=0', /^Invalid page: page starts at 1$/],
      ['page=two', /^Invalid page/],
      ['page_size=501', /^Invalid page_size: page_size is at most 500$/],
      ['side=HOLD', /^Invalid side: side must be BUY or SELL$/],
      ['strategy=', /^Invalid strategy: strategy cannot be empty$/],
      [`search=${'x'.repeat(65)}`, /^Invalid search: search is at most 64 characters$/],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/trades/recent?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json().error).toMatch(message);
    }
  });
});

describe('GET /api/trades/export', () => {
  it('downloads every matching trade as a dated CSV attachment', async () => {
    const response = await get('/api/trades/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="trades-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Trade ID',
      'Time',
      'Symbol',
      'Type',
      'Order Type',
      'Quantity',
      'Limit Price',
      'Entry Price',
      'Exit Price',
      'Current Price',
      'Status',
      'Reject Reason',
      'Strategy',
      'Origin',
      'Product',
      'Fees',
      'Brokerage',
      'STT',
      'Exchange Charge',
      'SEBI Fee',
      'Stamp Duty',
      'GST',
      'P&L',
      'P&L %',
      'Net P&L',
      'Simulated Replay',
    ]);
    expect(rows).toHaveLength(6);
  });

  it('holds the same trades as the history with the same filters, ignoring paging', async () => {
    for (const query of [
      'search=tcs',
      'status=CANCELLED,REJECTED',
      'side=BUY&range=7d',
      'strategy=momentum',
    ]) {
      const shown = (await history(`?${query}&page_size=500`)).trades;
      const csv = parseCsv((await get(`/api/trades/export?${query}&page=3&page_size=1`)).body);
      expect({ query, ids: csv.slice(1).map((row) => row[0]) }).toEqual({
        query,
        ids: shown.map((trade) => trade.id),
      });
    }
    const [, row] = parseCsv((await get(`/api/trades/export?search=${sell.id}`)).body);
    expect(row?.slice(2, 5)).toEqual(['TCS', 'SELL', 'MARKET']);
    expect(row?.[12]).toBe('momentum');
    // Placed through the API, so manual whatever strategy it names: the audit trail says who placed it.
    expect(row?.[13]).toBe('Manual');
    expect((await history(`?search=${sell.id}`)).trades[0]).toMatchObject({ origin: 'manual' });
  });

  it('shows an intraday trade’s product and each charge line, in the history and the CSV', async () => {
    const placed = await order({ symbol: 'INFY', side: 'BUY', quantity: 10, product: 'I' });
    const trade = (await history(`?search=${placed.id}`)).trades[0]!;
    const lines = trade.charges as Record<string, number>;
    expect(trade.product).toBe('I');
    // An intraday buy pays no STT and stamp duty at 0.003 % of its value (₹ rounded to the paisa).
    const value = (trade.price as number) * 10;
    expect(lines).toMatchObject({ brokerage: 20, stt: 0, stamp: Math.round(value * 0.003) / 100 });
    const sum = Object.values(lines).reduce((total, line) => total + line, 0);
    expect(Math.round(sum * 100)).toBe(Math.round((trade.fees as number) * 100));
    const [header, row] = parseCsv((await get(`/api/trades/export?search=${placed.id}`)).body);
    const cell = (name: string) => row?.[header!.indexOf(name)];
    expect(cell('Product')).toBe('Intraday');
    expect([cell('Brokerage'), cell('STT'), cell('Stamp Duty')]).toEqual(['20', '0', String(lines.stamp)]);
  });

  it('charges a manual order as delivery when it names no product', async () => {
    const placed = await order({ symbol: 'INFY', side: 'BUY', quantity: 10 });
    const trade = (await history(`?search=${placed.id}`)).trades[0]!;
    expect(trade.product).toBe('D');
    expect((trade.charges as { stt: number }).stt).toBeGreaterThan(0);
  });

  it('refuses an unknown product with a sentence naming the choices', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { symbol: 'INFY', side: 'BUY', quantity: 1, product: 'MIS' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/product must be I \(intraday\) or D \(delivery\)/);
  });

  it('quotes awkward text and defuses cells a spreadsheet would run as formulas', async () => {
    const strategy = '=HYPERLINK("http://evil.test","a, b")';
    const placed = await order({ symbol: 'INFY', side: 'BUY', quantity: 1, strategy });
    const response = await get(`/api/trades/export?search=${placed.id}`);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""a, b"")"`);
    const [, row] = parseCsv(response.body);
    expect(row?.[12]).toBe(`'${strategy}`);
  });

  it('refuses bad filters with the same 400 as the history', async () => {
    const response = await get('/api/trades/export?range=forever');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^Invalid range: range must be/);
  });
});

describe('without a session', () => {
  it('answers 401 on the history and on the export', async () => {
    for (const url of ['/api/trades/recent', '/api/trades/export', '/api/trades/export?search=tcs']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
    }
  });
});
