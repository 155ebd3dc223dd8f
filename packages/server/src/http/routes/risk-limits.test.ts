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
const DEFAULTS = {
  position_limits: {
    max_position_size: 10,
    max_single_stock: 20,
    max_sector_exposure: 40,
    min_diversification: 5,
  },
  loss_limits: { daily_loss_limit: 3, weekly_loss_limit: 6, monthly_loss_limit: 10, max_drawdown_limit: 15 },
};
const withLimits = (position: object, loss: object = {}) => ({
  position_limits: { ...DEFAULTS.position_limits, ...position },
  loss_limits: { ...DEFAULTS.loss_limits, ...loss },
});

describe('risk limits', () => {
  it('shows the documented defaults as percent of capital with their rupee equivalents', async () => {
    const limits = (await call('GET', '/api/risk/limits')).json().data;
    expect(limits).toMatchObject({
      unit: 'percent_of_capital',
      capital: 1_000_000,
      ...DEFAULTS,
      defaults: DEFAULTS,
    });
    expect(limits.limits_in_rupees).toMatchObject({ max_position_size: 100_000, daily_loss_limit: 30_000 });
    expect(limits.current_status).toEqual({ portfolio_health: 'good', warnings: [] });
    expect(limits.ml_recommendations).toMatchObject({
      next_review_date: expect.any(String),
      basis: expect.any(String),
    });
  });

  it('saves limits and reads them back', async () => {
    const wanted = withLimits({ max_position_size: 5 }, { daily_loss_limit: 2 });
    const saved = await call('POST', '/api/risk/limits', wanted);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject(wanted);
    expect((await call('GET', '/api/risk/limits')).json().data).toMatchObject({
      ...wanted,
      limits_in_rupees: { max_position_size: 50_000, daily_loss_limit: 20_000 },
    });
  });

  it('refuses limits that contradict each other with a sentence, and bad input with 400', async () => {
    const contradictions: [object, RegExp][] = [
      [
        withLimits({}, { daily_loss_limit: 8 }),
        /daily loss limit \(8 %\) cannot be above the weekly one \(6 %\)/,
      ],
      [
        withLimits({}, { weekly_loss_limit: 12 }),
        /weekly loss limit \(12 %\) cannot be above the monthly one/,
      ],
      [
        withLimits({ max_position_size: 30 }),
        /maximum position size \(30 %\) cannot be above the single-stock limit/,
      ],
      [withLimits({ max_single_stock: 50 }), /single-stock limit \(50 %\) cannot be above the sector limit/],
    ];
    for (const [payload, message] of contradictions) {
      const response = await call('POST', '/api/risk/limits', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatch(message);
    }
    const bad: [object, RegExp][] = [
      [{ position_limits: DEFAULTS.position_limits }, /loss_limits is required/],
      [withLimits({ max_position_size: -1 }), /max_position_size must be above 0 %/],
      [withLimits({ max_sector_exposure: 120 }), /cannot be above 100 %/],
      [withLimits({ min_diversification: 2.5 }), /whole number of positions/],
      [withLimits({}, { daily_loss_limit: 'three' }), /daily_loss_limit must be a number/],
    ];
    for (const [payload, message] of bad) {
      const response = await call('POST', '/api/risk/limits', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect((await call('GET', '/api/risk/limits')).json().data).toMatchObject(DEFAULTS);
  });

  it('refuses a buy above the maximum position size, and one above the single-stock share', async () => {
    await call('POST', '/api/risk/limits', withLimits({ max_position_size: 0.5, max_single_stock: 0.8 }));
    const itc = testApp.services.market.lastPrice('ITC')! / 100;
    const big = await order({ symbol: 'ITC', side: 'BUY', quantity: Math.ceil(6000 / itc) });
    expect(big.statusCode).toBe(422);
    expect(big.json().error).toMatch(
      /above the 0\.5 % maximum position size \(₹5,000 of ₹10,00,000 capital\)/,
    );
    // ₹4,500 twice is ₹9,000: the second would take ITC past 0.8 % of equity (about ₹8,000).
    const first = await order({ symbol: 'ITC', side: 'BUY', quantity: Math.floor(4500 / itc) });
    expect(first.statusCode).toBe(201);
    const second = await order({ symbol: 'ITC', side: 'BUY', quantity: Math.floor(4500 / itc) });
    expect(second.statusCode).toBe(422);
    expect(second.json().error).toMatch(/ITC would be .* above the 0\.8 % single-stock limit/);
    // A sale lowers risk and is never refused by these limits.
    expect((await order({ symbol: 'ITC', side: 'SELL', quantity: 1 })).statusCode).toBe(201);
  });

  it("refuses new buys once today's loss reaches the daily limit, and still allows sales", async () => {
    const tiny = {
      daily_loss_limit: 0.001,
      weekly_loss_limit: 0.001,
      monthly_loss_limit: 0.001,
      max_drawdown_limit: 0.001,
    };
    await call('POST', '/api/risk/limits', withLimits({}, tiny));
    // The first buy's charges are the day's loss: ₹20 brokerage and taxes against a ₹10 limit.
    expect((await order({ symbol: 'INFY', side: 'BUY', quantity: 2 })).statusCode).toBe(201);
    const refused = await order({ symbol: 'TCS', side: 'BUY', quantity: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatch(
      /^Order rejected: today's loss of ₹.* has reached the 0\.001 % loss limit/,
    );
    expect((await order({ symbol: 'INFY', side: 'SELL', quantity: 2 })).statusCode).toBe(201);
    const status = (await call('GET', '/api/risk/limits')).json().data.current_status;
    expect(status.portfolio_health).toBe('critical');
    expect(status.warnings.join(' ')).toMatch(/Today's loss is .* at or past its 0\.001 % limit/);
  });
});

describe('risk alerts', () => {
  it('raises one concentration alert per stock, acknowledges it and resolves it when the limit is raised', async () => {
    expect((await order({ symbol: 'TCS', side: 'BUY', quantity: 10 })).statusCode).toBe(201);
    await call('POST', '/api/risk/limits', withLimits({ max_position_size: 1, max_single_stock: 1 }));
    const alerts = (await call('GET', '/api/risk/alerts')).json().data;
    const concentration = alerts.filter(
      (a: { kind: string; subject: string }) => a.kind === 'concentration' && a.subject === 'TCS',
    );
    expect(concentration).toEqual([
      expect.objectContaining({
        severity: 'high',
        action_required: true,
        message: expect.stringMatching(/^TCS is .* of equity, over the 1 % single-stock limit\.$/),
        suggested_action: 'Reduce TCS below 1 % of equity.',
        acknowledged_at: null,
        resolved_at: null,
      }),
    ]);
    const id = concentration[0].id;
    const acknowledged = await call('POST', `/api/risk/alerts/${id}/acknowledge`);
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().data.acknowledged_at).toEqual(expect.any(String));

    const again = (await call('GET', '/api/risk/alerts')).json().data;
    expect(
      again.filter(
        (a: { kind: string; subject: string }) => a.kind === 'concentration' && a.subject === 'TCS',
      ),
    ).toEqual([expect.objectContaining({ id, acknowledged_at: expect.any(String) })]);

    await call('POST', '/api/risk/limits', DEFAULTS);
    const after = (await call('GET', '/api/risk/alerts')).json().data;
    expect(after.find((a: { id: string }) => a.id === id).resolved_at).toEqual(expect.any(String));
  });

  it('refuses a malformed or unknown alert id', async () => {
    const malformed = await call('POST', '/api/risk/alerts/abc/acknowledge');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/An alert id is a number/);
    const unknown = await call('POST', '/api/risk/alerts/999/acknowledge');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/There is no alert 999/);
  });
});

describe('simulator scenarios', () => {
  it('starts a scenario in mock mode and reports it', async () => {
    const started = await call('POST', '/api/simulator/scenario', { scenario: 'crash', minutes: 3 });
    expect(started.statusCode).toBe(200);
    const state = started.json().data;
    expect(state).toMatchObject({ scenario: 'crash', description: expect.stringMatching(/fall about 4 %/) });
    expect(Date.parse(state.ends_at) - Date.parse(state.started_at)).toBe(3 * 60_000);
    expect((await call('GET', '/api/simulator/scenario')).json().data.scenario).toBe('crash');
  });

  it('refuses scenarios outside mock mode, and bad input', async () => {
    testApp.services.tradingMode.change('paper');
    const refused = await call('POST', '/api/simulator/scenario', { scenario: 'rally' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Market scenarios run only in mock mode, on the simulator; switch to mock mode first.',
    );
    testApp.services.tradingMode.change('mock');
    for (const payload of [
      { scenario: 'meltdown' },
      { scenario: 'crash', minutes: 0 },
      { scenario: 'crash', minutes: 61 },
      {},
    ]) {
      const response = await call('POST', '/api/simulator/scenario', payload);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('notification settings', () => {
  it('defaults every alert e-mail on, to the signed-in address, and saves changes', async () => {
    expect((await call('GET', '/api/settings/notifications')).json().data).toEqual({
      email: null,
      breaker_trip: true,
      daily_loss: true,
      ml_confidence: true,
    });
    const wanted = {
      email: 'alerts@example.com',
      breaker_trip: true,
      daily_loss: false,
      ml_confidence: false,
    };
    expect((await call('POST', '/api/settings/notifications', wanted)).json().data).toEqual(wanted);
    expect((await call('GET', '/api/settings/notifications')).json().data).toEqual(wanted);
  });

  it('refuses a malformed address or a missing switch', async () => {
    const badEmail = await call('POST', '/api/settings/notifications', {
      email: 'not-an-address',
      breaker_trip: true,
      daily_loss: true,
      ml_confidence: true,
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/Enter a valid e-mail address/);
    const missing = await call('POST', '/api/settings/notifications', { email: null, breaker_trip: true });
    expect(missing.statusCode).toBe(400);
  });
});
