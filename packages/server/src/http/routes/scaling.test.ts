import { scalingStatusSchema } from '@td/contracts';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

const getStatus = async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/scaling-status', headers });
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toMatch(/NaN|Infinity/);
  return scalingStatusSchema.parse(response.json().data);
};

describe('GET /api/scaling-status', () => {
  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/scaling-status' });
    expect(response.statusCode).toBe(401);
  });

  it("reports the paper account's ₹10,00,000 as Expansion, the boundary staying in the lower phase", async () => {
    const status = await getStatus();
    expect(status).toMatchObject({
      currentPhase: 3,
      capitalPhase: 3,
      capital: 1_000_000,
      successRate: 0,
      daysInPhase: 0,
      status: 'active',
      account: 'paper',
      closedTrades: 0,
    });
    expect(status.phases.map((phase) => [phase.name, phase.state])).toEqual([
      ['Foundation', 'completed'],
      ['Growth', 'completed'],
      ['Expansion', 'active'],
      ['Professional', 'locked'],
      ['Enterprise', 'locked'],
    ]);
    expect(status.phases[0]).toMatchObject({
      capitalRangeText: '₹5K-50K',
      limits: {
        maxPositionPercent: 3,
        maxDailyLossPercent: 1.5,
        minMLConfidence: 0.7,
        emergencyStopLossPercent: 5,
      },
      requirements: { successRate: 65, profitTarget: 8, minDays: 15 },
    });
    expect(status.history).toMatchObject([{ phase: 3, kind: 'start', fromPhase: null }]);
    expect(status.safety.breakers.map((breaker) => breaker.breaker)).toEqual([
      'volatility',
      'market_drop',
      'liquidity',
    ]);
    expect(status.safety.halted).toBe(false);
  });

  it('records a demotion when a balance edit takes capital below the phase, once', async () => {
    await getStatus();
    const edit = await testApp.app.inject({
      method: 'POST',
      url: '/api/trading/paper/balance',
      headers,
      payload: { balance: 40_000 },
    });
    expect(edit.statusCode).toBe(200);
    const status = await getStatus();
    expect(status).toMatchObject({ currentPhase: 1, capital: 40_000 });
    expect(status.history[0]).toMatchObject({
      phase: 1,
      fromPhase: 3,
      kind: 'demotion',
      reason: "capital ₹40,000 is below Expansion's range (₹2L-10L)",
    });
    expect((await getStatus()).history).toHaveLength(2);
  });

  it('shows the halt and its reason after an Emergency Stop', async () => {
    const stop = await testApp.app.inject({
      method: 'POST',
      url: '/api/risk/emergency-stop',
      headers,
      payload: { reason: 'checking the scaling page', close_positions: false },
    });
    expect(stop.statusCode).toBe(200);
    const status = await getStatus();
    expect(status.status).toBe('halted');
    expect(status.safety).toMatchObject({ halted: true, haltReason: 'checking the scaling page' });
  });

  it("answers 503 with a sentence when the account's equity cannot be read", async () => {
    testApp.services.trading.summary = () => {
      throw new Error('live account not synced');
    };
    const response = await testApp.app.inject({ method: 'GET', url: '/api/scaling-status', headers });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      error:
        "The scaling status needs the traded account's equity, which cannot be read right now. Try again in a minute.",
    });
  });
});
