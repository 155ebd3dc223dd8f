import type { AddressInfo } from 'node:net';
import {
  type BacktestProgressFrame,
  backtestProgressFrameSchema,
  backtestRunListSchema,
  backtestRunSchema,
  okEnvelope,
} from '@td/contracts';
import {
  buildTestApp,
  openSignedInStream,
  type StreamTestClient,
  signInForTest,
  type TestApp,
} from '../../test-support';

let testApp: TestApp;
let stream: StreamTestClient | undefined;
afterEach(async () => {
  stream?.socket.close();
  stream = undefined;
  await testApp?.close();
});

async function signedIn() {
  testApp = await buildTestApp();
  const { headers } = await signInForTest(testApp);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    payload === undefined
      ? testApp.app.inject({ method, url, headers })
      : testApp.app.inject({ method, url, headers, payload });
  const dates = testApp.services.market.history.sessionDates;
  return { call, from: dates[0]!, to: dates.at(-1)! };
}

async function finished(call: Awaited<ReturnType<typeof signedIn>>['call'], id: string) {
  await testApp.services.backtests.idle();
  return (await call('GET', `/api/backtests/${id}`)).json().data;
}

describe('backtest routes', () => {
  it('answers only a signed-in trader', async () => {
    testApp = await buildTestApp();
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/backtests' });
    expect(reply.statusCode).toBe(401);
  });

  it('runs a backtest of the generated history in the worker and keeps its result after charges', async () => {
    const { call, from, to } = await signedIn();
    const started = await call('POST', '/api/backtests', { from, to, capital: 1_000_000, symbols: [] });
    expect(started.statusCode).toBe(202);
    const { id, status } = started.json().data;
    expect(status).toBe('running');
    // The replies are what the contracts say the screen reads.
    expect(okEnvelope(backtestRunSchema).safeParse(started.json()).error).toBeUndefined();

    const run = await finished(call, id);
    const one = (await call('GET', `/api/backtests/${id}`)).json();
    expect(okEnvelope(backtestRunSchema).safeParse(one).error).toBeUndefined();
    expect(one.data.result).not.toBeNull();
    expect(run.status).toBe('complete');
    expect(run.progress.bars_done).toBe(run.progress.total_bars);
    expect(run.progress.percent).toBe(100);
    expect(run.result.orders.length).toBeGreaterThan(0);
    expect(run.result.charges).toBeGreaterThan(0);
    // Net P&L is what the equity moved, the charges already paid out of it.
    expect(run.result.net_pnl).toBeCloseTo(run.result.final_equity - 1_000_000, 2);
    const chargesOfOrders = run.result.orders.reduce(
      (sum: number, o: { charges: { total: number } }) => sum + o.charges.total,
      0,
    );
    expect(chargesOfOrders).toBeCloseTo(run.result.charges, 2);
    // Intraday: every position is closed by the session's end, so the closed trades make the whole P&L.
    const sum = (
      rows: { net_pnl?: number; pnl?: number; charges?: number }[],
      key: 'net_pnl' | 'pnl' | 'charges',
    ) => rows.reduce((total, row) => total + (row[key] ?? 0), 0);
    expect(run.result.trades.length).toBeGreaterThan(0);
    expect(sum(run.result.trades, 'net_pnl')).toBeCloseTo(run.result.net_pnl, 0);
    expect(run.result.metrics.total_trades).toBe(run.result.trades.length);
    // The test history's few sessions: Sharpe and Sortino are withheld, the reply says why.
    expect(run.result.sessions.length).toBeLessThan(30);
    expect(run.result.metrics).toMatchObject({
      sharpe_ratio: null,
      sortino_ratio: null,
      ratios_note: `Needs 30 trading days; this run has ${run.result.sessions.length}`,
    });
    expect(sum(run.result.monthly, 'pnl')).toBeCloseTo(run.result.net_pnl, 2);
    expect(sum(run.result.monthly, 'charges')).toBeCloseTo(run.result.charges, 2);
    // The curve starts at the capital, before the first bar, with the capital in the NIFTY 50 beside it.
    expect(run.result.equity[0]).toMatchObject({
      equity: 1_000_000,
      nifty_50: 1_000_000,
      drawdown_percent: 0,
    });
    expect(run.result.equity.length).toBeLessThanOrEqual(2_000);
    expect(run.result.equity.at(-1).equity).toBe(run.result.final_equity);
    expect(run.result.equity.at(-1).nifty_50).toBe(run.result.buy_and_hold.final_value);
    expect(run.result.buy_and_hold.return_percent).toBeCloseTo(
      (run.result.buy_and_hold.end_level / run.result.buy_and_hold.start_level - 1) * 100,
      1,
    );
    expect(run.settings).toMatchObject({
      from,
      to,
      capital: 1_000_000,
      product: 'I',
      brokerage_plan: 'flat',
    });

    const listed = (await call('GET', '/api/backtests')).json();
    expect(okEnvelope(backtestRunListSchema).safeParse(listed).error).toBeUndefined();
    const list = listed.data.runs;
    expect(list.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[id, 'complete']]);
    expect(list[0].result).toBeUndefined();
    // The account's own ledger has none of the backtest's orders.
    expect(testApp.services.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBe(0);
  });

  it("publishes the run's progress on the backtests stream topic, then its end", async () => {
    const { call, from, to } = await signedIn();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/api/stream`;
    stream = await openSignedInStream(url, (await signInForTest(testApp)).token);
    stream.send({ type: 'subscribe', topics: ['backtests'] });
    await stream.next((message) => message.type === 'subscribed');

    const { id } = (await call('POST', '/api/backtests', { from, to, capital: 1_000_000 })).json().data;
    const run = await finished(call, id);
    const client = stream;
    const frames = () =>
      client.messages
        .flatMap((message) => (Array.isArray(message) ? message : [message]))
        .filter((message) => message.topic === 'backtests')
        .map((message) => message.data as BacktestProgressFrame);
    await client.next(() => frames().some((frame) => frame.status === 'complete'));
    const seen = frames();
    expect(seen.every((frame) => backtestProgressFrameSchema.safeParse(frame).success)).toBe(true);
    expect(seen.every((frame) => frame.id === id && frame.bars_total === run.progress.total_bars)).toBe(true);
    expect(seen.at(-1)).toEqual({
      id,
      status: 'complete',
      bars_done: run.progress.total_bars,
      bars_total: run.progress.total_bars,
      percent: 100,
      eta_seconds: 0,
    });
    // Progress went up frame by frame while the run went on.
    const done = seen.map((frame) => frame.bars_done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(seen.filter((frame) => frame.status === 'running').length).toBeGreaterThan(0);
  });

  it('runs one backtest at a time, and a cancelled one keeps no result', async () => {
    const { call, from, to } = await signedIn();
    const { id } = (await call('POST', '/api/backtests', { from, to, capital: 1_000_000 })).json().data;
    const second = await call('POST', '/api/backtests', { from, to, capital: 1_000_000 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(
      'A backtest is already running: wait for it to finish or cancel it first.',
    );

    const cancelled = await call('POST', `/api/backtests/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id, status: 'cancelled', result: null });
    expect(okEnvelope(backtestRunSchema).safeParse(cancelled.json()).error).toBeUndefined();
    const again = await call('POST', `/api/backtests/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This backtest is cancelled, not running: there is nothing to cancel.');
  });

  it('says what is wrong with each bad request, and never starts a run for one', async () => {
    const { call, from, to } = await signedIn();
    const refusals: [object, string][] = [
      [{ from, to }, 'Invalid capital: capital is required'],
      [
        { from, to, capital: 100_000 },
        'Invalid capital: capital must be at least ₹1,50,000: the paper account keeps ₹1,00,000 as its minimum balance',
      ],
      [
        { from: to, to: '2020-01-01', capital: 500_000 },
        'Invalid to: from must be on or before to: swap the two dates',
      ],
      [{ from: '2026-02-30', to, capital: 500_000 }, 'Invalid from: from is not a real calendar date'],
      [
        { from, to, capital: 500_000, product: 'X' },
        'Invalid product: product must be I (intraday) or D (delivery)',
      ],
      [
        { from, to, capital: 500_000, stop_loss_pct: 0 },
        'Invalid stop_loss_pct: stop_loss_pct must be at least 0.01 %',
      ],
      [
        { from, to, capital: 500_000, symbols: ['NOPE'] },
        expect.stringMatching(
          /^No one-minute history for NOPE: choose among the \d+ symbols the market lists\.$/,
        ),
      ],
      [
        { from: '2019-01-01', to: '2019-01-31', capital: 500_000 },
        `No one-minute bars between 2019-01-01 and 2019-01-31: history covers ${from} to ${to}.`,
      ],
    ] as [object, string][];
    for (const [body, sentence] of refusals) {
      const reply = await call('POST', '/api/backtests', body);
      expect([reply.statusCode, reply.json().error]).toEqual([400, sentence]);
    }
    expect((await call('GET', '/api/backtests')).json().data.runs).toEqual([]);
    const unknown = await call('GET', '/api/backtests/no-such-run');
    expect([unknown.statusCode, unknown.json().error]).toEqual([
      404,
      'No backtest no-such-run: it may have been started on another server.',
    ]);
  });
});
