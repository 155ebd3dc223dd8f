import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { streamTopicSchema } from '@td/contracts';
import { buildTestApp, openSignedInStream, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const stop = (payload: object) => call('POST', '/api/risk/emergency-stop', payload);
const order = (payload: object) => call('POST', '/api/orders', payload);
const price = (symbol: string) => testApp.services.market.lastPrice(symbol)! / 100;

describe('Emergency Stop', () => {
  it('reports trading as not halted on a fresh install, here and in the engines status', async () => {
    const halt = (await call('GET', '/api/risk/halt')).json().data;
    expect(halt).toMatchObject({ halted: false, reason: null, source: null, refusal: null });
    const engines = (await call('GET', '/api/engines/status')).json().data;
    expect(engines.halt).toMatchObject({ halted: false });
  });

  it('halts, cancels the pending orders, records who and why, and refuses every new order', async () => {
    const publish = jest.spyOn(testApp.services.stream, 'publish');
    const limit = Math.floor(price('TCS') * 0.8);
    const resting = await order({
      symbol: 'TCS',
      side: 'BUY',
      type: 'LIMIT',
      quantity: 2,
      limit_price: limit,
    });
    expect(resting.json().data.status).toBe('PENDING');

    const response = await stop({ reason: '  Market looks wrong  ', close_positions: false });
    expect(response.statusCode).toBe(200);
    const halt = response.json().data;
    expect(halt).toMatchObject({
      halted: true,
      reason: 'Market looks wrong',
      source: 'manual',
      by: testApp.config.traderEmail,
      cancelled_orders: 1,
      closed_positions: 0,
    });
    expect(halt.refusal).toMatch(/^Trading is halted \(Emergency Stop by .+ at .+ IST: Market looks wrong\)/);
    expect(testApp.services.ledger.order(resting.json().data.id)?.status).toBe('CANCELLED');
    expect(publish).toHaveBeenCalledWith('safety', { kind: 'halt', halt });

    const refused = await order({ symbol: 'INFY', side: 'BUY', quantity: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(halt.refusal);
    expect(refused.json().error).toMatch(
      /Resume it with Resume trading on the TRADING HALTED banner before placing orders\.$/,
    );
    // The loop's orders meet the same gate: the paper broker itself refuses.
    const fromLoop = testApp.services.trading.placeOrder({
      account: 'paper',
      symbol: 'INFY',
      side: 'BUY',
      type: 'MARKET',
      quantity: 1,
      strategy: 'momentum',
    });
    expect(fromLoop).toMatchObject({ status: 'REJECTED', rejectReason: halt.refusal });

    expect((await call('GET', '/api/engines/status')).json().data.halt).toMatchObject({ halted: true });
    const alerts = (await call('GET', '/api/risk/alerts')).json().data;
    expect(alerts).toContainEqual(
      expect.objectContaining({ kind: 'halt', severity: 'high', action_required: true }),
    );
  });

  it('closes every position at market when asked to', async () => {
    expect((await order({ symbol: 'TCS', side: 'BUY', quantity: 3 })).statusCode).toBe(201);
    expect((await order({ symbol: 'INFY', side: 'BUY', quantity: 2 })).statusCode).toBe(201);
    const halt = (await stop({ reason: 'Flatten everything', close_positions: true })).json().data;
    expect(halt).toMatchObject({ halted: true, closed_positions: 2 });
    expect(testApp.services.ledger.positions('paper').filter((p) => p.quantity > 0)).toEqual([]);
  });

  it('keeps the loops stopped while halted, even when the trading mode changes', async () => {
    testApp.services.tradingLoop.start();
    await stop({ reason: 'Pause the robot', close_positions: false });
    expect(testApp.services.tradingLoop.state().running).toBe(false);
    testApp.services.tradingMode.change('paper');
    expect(testApp.services.tradingLoop.state().running).toBe(false);
    testApp.services.tradingMode.change('mock');
    expect(testApp.services.tradingLoop.state().running).toBe(false);
  });

  it('refuses a stop without a reason, with an overlong reason or without close_positions', async () => {
    const cases: [object, RegExp][] = [
      [{ close_positions: false }, /reason is required/],
      [{ reason: '   ', close_positions: false }, /Say why you are stopping trading/],
      [{ reason: 'x'.repeat(501), close_positions: false }, /under 500 characters/],
      [{ reason: 'why' }, /close_positions is required/],
      [{ reason: 'why', close_positions: 'yes' }, /close_positions must be true or false/],
    ];
    for (const [payload, message] of cases) {
      const response = await stop(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect((await call('GET', '/api/risk/halt')).json().data.halted).toBe(false);
  });

  it('resumes only when halted, and orders are accepted again afterwards', async () => {
    const early = await call('POST', '/api/risk/resume', {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Trading is not halted, so there is nothing to resume.');

    await stop({ reason: 'Checking something', close_positions: false });
    const resumed = await call('POST', '/api/risk/resume', { reason: 'Checked' });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({
      halted: false,
      reason: 'Checking something',
      resumed_by: testApp.config.traderEmail,
      resume_reason: 'Checked',
      refusal: null,
    });
    expect(resumed.json().data.resumed_at).toEqual(expect.any(String));
    // The halt's alert is resolved, not left open: the Alerts tab counts it as needing nothing.
    const alerts = (await call('GET', '/api/risk/alerts')).json().data;
    expect(alerts.filter((a: { kind: string }) => a.kind === 'halt')).toEqual([
      expect.objectContaining({ resolved_at: expect.any(String), acknowledged_at: null }),
    ]);
    expect((await order({ symbol: 'TCS', side: 'BUY', quantity: 1 })).statusCode).toBe(201);
    const bad = await call('POST', '/api/risk/resume', { reason: 'y'.repeat(600) });
    expect(bad.statusCode).toBe(400);
  });

  it('places no order after the stop is acknowledged, when orders race it', async () => {
    const racing = Array.from({ length: 40 }, (_, i) =>
      order({ symbol: i % 2 ? 'TCS' : 'INFY', side: 'BUY', quantity: 1 }),
    );
    const stopped = stop({ reason: 'Race', close_positions: false });
    const late = Array.from({ length: 20 }, () => order({ symbol: 'TCS', side: 'BUY', quantity: 1 }));
    const [halt] = await Promise.all([stopped, ...racing]);
    const acknowledgedAt = Date.parse(halt.json().data.at);
    const after = await Promise.all([...late, order({ symbol: 'INFY', side: 'BUY', quantity: 1 })]);
    for (const response of after) {
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatch(/^Trading is halted/);
    }
    const placed = testApp.services.ledger
      .orders({ account: 'paper', limit: 1000, offset: 0 })
      .orders.filter((o) => o.status === 'FILLED' || o.status === 'PENDING');
    for (const o of placed) expect(o.createdAt).toBeLessThanOrEqual(acknowledgedAt);
    expect(placed.filter((o) => o.status === 'PENDING')).toEqual([]);
  });

  it('stays halted across a restart on the same database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-halt-'));
    const databaseFile = path.join(dir, 'trading.db');
    try {
      const first = await buildTestApp({ databaseFile });
      const firstSession = await signInForTest(first);
      await first.app.inject({
        method: 'POST',
        url: '/api/risk/emergency-stop',
        headers: firstSession.headers,
        payload: { reason: 'Overnight halt', close_positions: false },
      });
      await first.close();

      const second = await buildTestApp({ databaseFile });
      try {
        const session = await signInForTest(second);
        const halt = await second.app.inject({
          method: 'GET',
          url: '/api/risk/halt',
          headers: session.headers,
        });
        expect(halt.json().data).toMatchObject({ halted: true, reason: 'Overnight halt', source: 'manual' });
        const refused = await second.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: session.headers,
          payload: { symbol: 'TCS', side: 'BUY', quantity: 1 },
        });
        expect(refused.json().error).toMatch(/^Trading is halted \(Emergency Stop by .*: Overnight halt\)/);
        second.services.tradingMode.change('paper');
        expect(second.services.tradingLoop.state().running).toBe(false);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('needs a session for every safety call', async () => {
    for (const [method, url] of [
      ['POST', '/api/risk/emergency-stop'],
      ['POST', '/api/risk/resume'],
      ['GET', '/api/risk/halt'],
      ['GET', '/api/risk/limits'],
      ['GET', '/api/risk/alerts'],
      ['POST', '/api/simulator/scenario'],
      ['GET', '/api/settings/notifications'],
    ] as const) {
      const response = await testApp.app.inject({ method, url, payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });

  it('pushes the halt and its alert to browsers subscribed to the safety topic', async () => {
    expect(streamTopicSchema.safeParse('safety').success).toBe(true);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (testApp.app.server.address() as AddressInfo).port;
    const client = await openSignedInStream(
      `ws://127.0.0.1:${port}/api/stream`,
      headers.authorization.slice(7),
    );
    try {
      client.send({ type: 'subscribe', topics: ['safety'] });
      await client.next((message) => message.type === 'subscribed');
      await stop({ reason: 'Pushed', close_positions: false });
      const flat = () =>
        client.messages.flatMap((m) => (Array.isArray(m) ? m : [m])) as {
          topic?: string;
          data?: { kind?: string; halt?: { reason?: string } };
        }[];
      await client.next(() => flat().some((m) => m.topic === 'safety' && m.data?.kind === 'halt'));
      expect(flat().find((m) => m.data?.kind === 'halt')?.data?.halt).toMatchObject({
        halted: true,
        reason: 'Pushed',
      });
      expect(flat().some((m) => m.topic === 'safety' && m.data?.kind === 'alert')).toBe(true);
    } finally {
      client.socket.close();
    }
  });
});
