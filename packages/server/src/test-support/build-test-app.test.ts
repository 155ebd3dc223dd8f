import { buildTestApp, createTestClock, signInForTest, type TestApp } from '.';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

const ist = (iso: string) => Date.parse(`${iso}+05:30`);
// The real NSE calendar instead of the simulator's always-open demo session.
const NSE_HOURS = { market: { seed: 7, ticksPerSecond: 0, historySessions: 2, continuousSession: false } };

async function engineStatusAndExport(app: TestApp) {
  const { headers } = await signInForTest(app);
  const status = (await app.app.inject({ method: 'GET', url: '/api/engines/status', headers })).json().data;
  const exported = await app.app.inject({ method: 'GET', url: '/api/trades/export', headers });
  return { market: status.market_status, filename: exported.headers['content-disposition'] };
}

describe('buildTestApp', () => {
  it('runs every service on the clock the test gives it: market state and the export date', async () => {
    const clock = createTestClock(ist('2030-06-15T11:00:00')); // a Saturday
    testApp = await buildTestApp({ now: clock.now, config: NSE_HOURS });
    const { market, filename } = await engineStatusAndExport(testApp);
    expect(market).toMatchObject({ is_open: false, description: expect.stringMatching(/weekend/i) });
    expect(filename).toBe('attachment; filename="trades-2030-06-15.csv"');
  });

  it('starts on a fixed trading day when the test names no clock, whatever today is', async () => {
    testApp = await buildTestApp({ config: NSE_HOURS });
    const { market, filename } = await engineStatusAndExport(testApp);
    expect(market).toMatchObject({ is_open: true, session: 'normal' });
    expect(filename).toBe('attachment; filename="trades-2026-01-05.csv"');
  });
});
