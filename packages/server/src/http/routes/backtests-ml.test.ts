import { backtestResultSchema, backtestRunSchema, okEnvelope } from '@td/contracts';
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
  return { call, dates };
}

// A few stocks keep the ensemble's training and replay quick.
const SYMBOLS = ['RELIANCE', 'INFY', 'HDFCBANK', 'ICICIBANK'];

describe('a backtest ranked with the ML ensemble', () => {
  it('runs with the ensemble at full say and keeps what it measured beside the result', async () => {
    const { call, dates } = await signedIn();
    const last = dates.at(-1)!;
    const started = await call('POST', '/api/backtests', {
      from: last,
      to: last,
      capital: 1_000_000,
      symbols: SYMBOLS,
      signals: 'ml_full',
    });
    expect(started.statusCode).toBe(202);
    const { id } = started.json().data;
    await testApp.services.backtests.idle();
    const reply = (await call('GET', `/api/backtests/${id}`)).json();
    expect(okEnvelope(backtestRunSchema).safeParse(reply).error).toBeUndefined();
    const run = reply.data;
    expect(run.status).toBe('complete');
    expect(run.settings).toMatchObject({ signals: 'ml_full', news: true });
    expect(backtestResultSchema.safeParse(run.result).error).toBeUndefined();
    // The session before the range is the whole training: too few to score, so nothing measured before.
    expect(run.result.ml).toMatchObject({
      signals: 'ml_full',
      news: true,
      say: 1,
      say_reason: 'Full say, as chosen for this run: the edge measured before the range was not consulted.',
      trained_sessions: dates.length - 1,
    });
    expect(run.result.ml.predictions).toBeGreaterThan(0);
    // The worker's history carries the generated sessions' news, as the server's does.
    expect(run.result.ml.headlines).toBeGreaterThan(0);
    expect(run.result.ml.models.map((model: { name: string }) => model.name)).toContain('news_sentiment');
    // The account's own ledger has none of the backtest's orders.
    expect(testApp.services.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBe(0);
  });

  it('keeps the rules alone by default, with no ML block', async () => {
    const { call, dates } = await signedIn();
    const last = dates.at(-1)!;
    const started = await call('POST', '/api/backtests', {
      from: last,
      to: last,
      capital: 1_000_000,
      symbols: SYMBOLS,
    });
    await testApp.services.backtests.idle();
    const run = (await call('GET', `/api/backtests/${started.json().data.id}`)).json().data;
    expect(run.status).toBe('complete');
    expect(run.settings).toMatchObject({ signals: 'rules', news: true });
    expect(run.result.ml).toBeNull();
  });

  it('refuses an unknown choice of signals or news with the sentence saying what is allowed', async () => {
    const { call, dates } = await signedIn();
    const range = { from: dates[0]!, to: dates.at(-1)!, capital: 1_000_000 };
    const refusals: [object, string][] = [
      [
        { ...range, signals: 'bogus' },
        'Invalid signals: signals must be rules, ml (the ML ensemble at its measured say, as live) or ml_full (the ensemble at full say)',
      ],
      [{ ...range, signals: 'ml', news: 'yes' }, 'Invalid news: news must be true or false'],
    ];
    for (const [body, sentence] of refusals) {
      const reply = await call('POST', '/api/backtests', body);
      expect([reply.statusCode, reply.json().error]).toEqual([400, sentence]);
    }
    expect((await call('GET', '/api/backtests')).json().data.runs).toEqual([]);
  });
});
