import { backtestSweepListSchema, backtestSweepSchema, okEnvelope } from '@td/contracts';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
afterEach(async () => {
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
  // The test market's two sessions: one to fit on, one held out.
  return { call, from: dates[0]!, to: dates[1]!, dates };
}

describe('backtest sweep routes', () => {
  it('answers only a signed-in trader', async () => {
    testApp = await buildTestApp();
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/backtests/sweeps' });
    expect(reply.statusCode).toBe(401);
  });

  it('refuses to start or cancel a sweep without a session, starting nothing', async () => {
    testApp = await buildTestApp();
    const dates = testApp.services.market.history.sessionDates;
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/api/backtests/sweeps',
      payload: { from: dates[0], to: dates[1], capital: 1_000_000, grid: { target_pct: [1, 3] } },
    });
    expect(started.statusCode).toBe(401);
    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: '/api/backtests/sweeps/any-id/cancel',
    });
    expect(cancelled.statusCode).toBe(401);
    expect(testApp.services.backtestSweeps.list()).toEqual([]);
  });

  it('sweeps the generated history in the worker and reports each combination on the held-out sessions', async () => {
    const { call, from, to } = await signedIn();
    const started = await call('POST', '/api/backtests/sweeps', {
      from,
      to,
      capital: 1_000_000,
      grid: { target_pct: [1, 3] },
    });
    expect(started.statusCode).toBe(202);
    expect(okEnvelope(backtestSweepSchema).safeParse(started.json()).error).toBeUndefined();
    const { id } = started.json().data;
    await testApp.services.backtestSweeps.idle();

    const reply = (await call('GET', `/api/backtests/sweeps/${id}`)).json();
    expect(okEnvelope(backtestSweepSchema).safeParse(reply).error).toBeUndefined();
    const sweep = reply.data;
    expect(sweep.status).toBe('complete');
    expect(sweep.progress).toMatchObject({ combinations_done: 2, combinations: 2, percent: 100 });
    expect(sweep.result.in_sample).toEqual({ from, to: from, sessions: 1 });
    expect(sweep.result.out_of_sample).toEqual({ from: to, to, sessions: 1 });
    expect(sweep.result.combinations.map((row: { parameters: object }) => row.parameters)).toEqual(
      expect.arrayContaining([{ target_pct: 1 }, { target_pct: 3 }]),
    );
    // One held-out session cannot show an edge: every row is within noise.
    expect(
      sweep.result.combinations.every(
        (row: { out_of_sample: { within_noise: boolean } }) => row.out_of_sample.within_noise,
      ),
    ).toBe(true);

    const listed = (await call('GET', '/api/backtests/sweeps')).json();
    expect(okEnvelope(backtestSweepListSchema).safeParse(listed).error).toBeUndefined();
    expect(listed.data.sweeps.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(listed.data.sweeps[0].result).toBeUndefined();
    // The sweep is not a backtest run, and the account's own ledger has none of its orders.
    expect((await call('GET', '/api/backtests')).json().data.runs).toEqual([]);
    expect(testApp.services.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBe(0);
  });

  it('runs a sweep or a backtest, not both, and a cancelled sweep keeps no table', async () => {
    const { call, from, dates } = await signedIn();
    const body = { from, to: dates.at(-1), capital: 1_000_000, grid: { min_confidence: [0.6, 0.7, 0.8] } };
    const { id } = (await call('POST', '/api/backtests/sweeps', body)).json().data;
    const backtest = await call('POST', '/api/backtests', { from, to: dates.at(-1), capital: 1_000_000 });
    expect([backtest.statusCode, backtest.json().error]).toEqual([
      409,
      'A parameter sweep is running: wait for it to finish or cancel it first.',
    ]);

    const cancelled = await call('POST', `/api/backtests/sweeps/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id, status: 'cancelled', result: null });
    const again = await call('POST', `/api/backtests/sweeps/${id}/cancel`);
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'This sweep is cancelled, not running: there is nothing to cancel.',
    ]);
  });

  it('says what is wrong with each bad request, and never starts a sweep for one', async () => {
    const { call, from, to } = await signedIn();
    const grid = { target_pct: [2, 3] };
    const refusals: [object, string][] = [
      [{ from, to, capital: 1_000_000 }, 'Invalid grid: grid is required'],
      [
        {
          from,
          to,
          capital: 1_000_000,
          grid: {
            min_confidence: [0.5, 0.6, 0.7, 0.8],
            target_pct: [1, 2, 3, 4],
            max_hold_minutes: [30, 60, 90, 120],
          },
        },
        'Invalid grid: The grid makes 64 combinations (4 × 4 × 4): a sweep tries at most 50, so drop some values.',
      ],
      [
        { from, to, capital: 1_000_000, grid, in_sample_share: 0.95 },
        'Invalid in_sample_share: in_sample_share must be from 0.5 to 0.8: at least a fifth of the sessions is held out',
      ],
      [
        { from, to: from, capital: 1_000_000, grid },
        'The range holds 1 session: a walk-forward sweep needs at least 2, one to fit on and one held out, so widen the range.',
      ],
      [
        { from, to, capital: 1_000_000, grid: { target_pct: [0] } },
        'Invalid grid.target_pct.0: target_pct must be at least 0.01 %',
      ],
    ];
    for (const [body, sentence] of refusals) {
      const reply = await call('POST', '/api/backtests/sweeps', body);
      expect([reply.statusCode, reply.json().error]).toEqual([400, sentence]);
    }
    expect((await call('GET', '/api/backtests/sweeps')).json().data.sweeps).toEqual([]);
    const unknown = await call('GET', '/api/backtests/sweeps/no-such-sweep');
    expect([unknown.statusCode, unknown.json().error]).toEqual([
      404,
      'No sweep no-such-sweep: it may have been started on another server.',
    ]);
  });
});
