import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpError } from '../../core/errors';
import { AllocationService } from '../../engines/strategy/allocation/allocation-service';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
afterEach(() => testApp?.close());

const defaults = {
  allocation_strategy: 'moderate',
  ai_enabled: true,
  manual_allocation_pct: null,
  daily_amount: null,
  daily_risk_budget: 1.5,
  total_capital: 1_000_000,
  portfolio_value: 1_000_000,
  available_cash: 1_000_000,
};

async function signedIn(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  testApp = await buildTestApp(overrides);
  const { headers } = await signInForTest(testApp);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    payload === undefined
      ? testApp.app.inject({ method, url, headers })
      : testApp.app.inject({ method, url, headers, payload });
  return { call };
}

describe('allocation routes', () => {
  it('reads the spec defaults with the paper account’s own figures and today’s budget', async () => {
    const { call } = await signedIn();
    const reply = await call('GET', '/api/allocation/settings');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      data: {
        ...defaults,
        max_round_trip_charges_pct: 0.5,
        account: 'paper',
        effective: {
          daily_amount: 25_000,
          allocation_pct: 2.5,
          source: 'strategy',
          max_daily_risk: 15_000,
          // The smallest entry whose intraday round trip is at most 0.5 % of it.
          min_entry_value: 10_156,
        },
      },
    });
  });

  it('saves a strategy, answers the spec message, and the loop budgets with it on its next run', async () => {
    const { call } = await signedIn();
    const saved = await call('POST', '/api/allocation/save', {
      ...defaults,
      allocation_strategy: 'aggressive',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: 'Settings saved successfully!' });
    expect((await call('GET', '/api/allocation/settings')).json().data).toMatchObject({
      allocation_strategy: 'aggressive',
      effective: { daily_amount: 40_000, source: 'strategy' },
    });
    expect(testApp.services.tradingLoop.state().budgetPaise).toBe(40_000_00);
  });

  it('keeps the settings across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-allocation-'));
    const databaseFile = path.join(dir, 'trading.db');
    try {
      let { call } = await signedIn({ databaseFile });
      await call('POST', '/api/allocation/save', {
        ...defaults,
        allocation_strategy: 'conservative',
        manual_allocation_pct: 3.2,
        daily_risk_budget: 2,
        total_capital: 500_000,
      });
      await testApp.close();
      ({ call } = await signedIn({ databaseFile }));
      expect((await call('GET', '/api/allocation/settings')).json().data).toMatchObject({
        allocation_strategy: 'conservative',
        manual_allocation_pct: 3.2,
        daily_risk_budget: 2,
        total_capital: 500_000,
        effective: { daily_amount: 16_000, source: 'manual_pct', capital: 500_000 },
      });
    } finally {
      await testApp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [
      { manual_allocation_pct: 6.5 },
      'Invalid manual_allocation_pct: manual_allocation_pct must be at most 6.0 %',
    ],
    [
      { manual_allocation_pct: 0.4 },
      'Invalid manual_allocation_pct: manual_allocation_pct must be at least 0.5 %',
    ],
    [
      { manual_allocation_pct: 2.35 },
      'Invalid manual_allocation_pct: manual_allocation_pct goes in steps of 0.1 %, such as 2.3',
    ],
    [{ daily_amount: 1500 }, 'Invalid daily_amount: daily_amount goes in steps of ₹1,000, such as 25000'],
    [{ daily_amount: 0 }, 'Invalid daily_amount: daily_amount must be at least ₹1,000'],
    [
      { daily_risk_budget: 3 },
      'Invalid daily_risk_budget: daily_risk_budget must be one of 0.5, 1, 1.5, 2 or 2.5 (percent)',
    ],
    [
      { total_capital: 1000.5 },
      'Invalid total_capital: total_capital must be a whole number of rupees, without paise',
    ],
    [{ available_cash: -1 }, 'Invalid available_cash: available_cash cannot be negative'],
    [
      { allocation_strategy: 'yolo' },
      'Invalid allocation_strategy: allocation_strategy must be conservative, moderate, aggressive or ai_optimized',
    ],
    [
      { allocation_strategy: 'ai_optimized', ai_enabled: false },
      'Invalid ai_enabled: ai_optimized needs AI allocation turned on: set ai_enabled to true or choose another strategy',
    ],
  ])('refuses %j with a sentence', async (change, error) => {
    const { call } = await signedIn();
    const reply = await call('POST', '/api/allocation/save', { ...defaults, ...change });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error });
    expect((await call('GET', '/api/allocation/settings')).json().data.allocation_strategy).toBe('moderate');
  });

  it('refuses a total capital the account does not hold, and a day over 6 % of it (422)', async () => {
    const { call } = await signedIn();
    const rich = await call('POST', '/api/allocation/save', { ...defaults, total_capital: 2_000_000 });
    expect(rich.statusCode).toBe(422);
    expect(rich.json().error).toBe(
      "total_capital ₹20,00,000 is more than the account's equity of ₹10,00,000: the allocation can only apply to money the account holds.",
    );
    const big = await call('POST', '/api/allocation/daily-amount', { daily_amount: 70_000 });
    expect(big.statusCode).toBe(422);
    expect(big.json().error).toMatch(
      /daily_amount ₹70,000 is more than 6 % of the ₹10,00,000 capital \(₹60,000\)/,
    );
  });

  it('gives the daily amount with every strategy’s, takes a fixed amount, and clears it again', async () => {
    const { call } = await signedIn();
    expect((await call('GET', '/api/allocation/daily-amount')).json()).toMatchObject({
      success: true,
      daily_amount: 25_000,
      source: 'strategy',
      all_strategies: {
        conservative: { percentage: 1.5, amount: 15_000 },
        moderate: { percentage: 2.5, amount: 25_000 },
        aggressive: { percentage: 4, amount: 40_000 },
      },
    });
    const fixed = await call('POST', '/api/allocation/daily-amount', { daily_amount: 30_000 });
    expect(fixed.json()).toMatchObject({ daily_amount: 30_000, source: 'daily_amount' });
    expect(testApp.services.tradingLoop.state().budgetPaise).toBe(30_000_00);
    const bad = await call('POST', '/api/allocation/daily-amount', { daily_amount: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'Invalid daily_amount: daily_amount must be a number of rupees, such as 25000',
    );
    const cleared = await call('POST', '/api/allocation/daily-amount', { daily_amount: null });
    expect(cleared.json()).toMatchObject({ daily_amount: 25_000, source: 'strategy' });
  });

  it('recommends an allocation whose every reason cites a figure, as the loop computes it', async () => {
    const { call } = await signedIn();
    await call('POST', '/api/allocation/save', { ...defaults, allocation_strategy: 'ai_optimized' });
    const { tradingLoop, market } = testApp.services;
    tradingLoop.runOnce(market.clock.now());
    const reply = await call('GET', '/api/allocation/ai-recommendation');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({ success: true, risk_assessment: expect.stringMatching(/low|medium|high/) });
    expect(body.reasoning.length).toBeGreaterThan(0);
    for (const line of body.reasoning) expect(line).toMatch(/\d/);
    // The loop's day began on ₹10,00,000: its ai_optimized budget is the recommended percent of that.
    expect(tradingLoop.state().budgetPaise).toBe(Math.round(body.allocation_pct * 10_000) * 100);
  });

  it('answers 503 Data source not available when the account has no figures', async () => {
    const { call } = await signedIn({
      services: (base) => ({
        allocation: new AllocationService({
          settings: { get: () => undefined, set: () => {} },
          account: () => {
            throw new HttpError(
              503,
              'The live portfolio is not available yet: waiting for the first sync with Upstox.',
            );
          },
          rank: () => [],
          chargeRates: () => base.trading.limits(),
          volatility: async () => null,
          drawdownPercent: () => null,
          now: base.market.clock.now.bind(base.market.clock),
        }),
      }),
    });
    for (const url of [
      '/api/allocation/settings',
      '/api/allocation/daily-amount',
      '/api/allocation/ai-recommendation',
    ]) {
      const reply = await call('GET', url);
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toMatchObject({
        success: false,
        error: 'Data source not available',
        detail: expect.stringMatching(/waiting for the first sync with Upstox/),
      });
    }
  });
});
