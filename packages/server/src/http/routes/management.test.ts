import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESTART_EXIT_CODE } from '../../engines/ops/restart';
import { loadConfig } from '../../runtime/config';
import { buildTestApp, createTestClock, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

/** The process exit a route test injects: records the drain and the exit code instead of ending jest. */
function recordingExit({ supervised = true, drainMs = 0 } = {}) {
  const events: string[] = [];
  let exited: (code: number) => void = () => {};
  const exitCode = new Promise<number>((resolve) => {
    exited = resolve;
  });
  return {
    events,
    exitCode,
    processExit: {
      supervised,
      drain: async () => {
        events.push('drain started');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
        events.push('drain finished');
      },
      exit: (code: number) => {
        events.push(`exit ${code}`);
        exited(code);
      },
    },
  };
}

async function appWithExit(
  options: Parameters<typeof recordingExit>[0] = {},
  now?: () => number,
  databaseFile?: string,
) {
  testApp = await buildTestApp({ ...(now ? { now } : {}), ...(databaseFile ? { databaseFile } : {}) });
  const exit = recordingExit(options);
  testApp.services.restart.attach(exit.processExit);
  const { headers } = await signInForTest(testApp);
  return { app: testApp.app, headers, ...exit };
}

describe('restart routes', () => {
  it.each(['/api/management/server/restart', '/api/admin/restart'])('%s needs a session', async (url) => {
    const { app, events } = await appWithExit();
    const reply = await app.inject({ method: 'POST', url });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ success: false, error: 'Sign in to continue.' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
  });

  it('answers first, then drains and exits with the restart code', async () => {
    const { app, headers, events, exitCode } = await appWithExit({ drainMs: 30 });
    const reply = await app.inject({ method: 'POST', url: '/api/management/server/restart', headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      message: 'Backend restart initiated. Please wait 10 seconds.',
      data: { kind: 'graceful', drains_requests: true },
    });
    expect(events).toEqual([]); // nothing happened before the reply left
    expect(await exitCode).toBe(RESTART_EXIT_CODE);
    expect(events).toEqual(['drain started', 'drain finished', `exit ${RESTART_EXIT_CODE}`]);
  });

  it('the fallback restart exits at once, without draining', async () => {
    const { app, headers, events, exitCode } = await appWithExit();
    const reply = await app.inject({ method: 'POST', url: '/api/admin/restart', headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({ kind: 'forceful', drains_requests: false });
    expect(await exitCode).toBe(RESTART_EXIT_CODE);
    expect(events).toEqual([`exit ${RESTART_EXIT_CODE}`]);
  });

  it('allows one restart per 30 s across both routes and across the restart itself, with a sentence on 429', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-restart-'));
    const databaseFile = path.join(dir, 'trading.db');
    const clock = createTestClock(Date.parse('2026-01-05T09:30:00+05:30'));
    try {
      const first = await appWithExit({}, clock.now, databaseFile);
      expect(
        (await first.app.inject({ method: 'POST', url: '/api/admin/restart', headers: first.headers }))
          .statusCode,
      ).toBe(200);
      const again = await first.app.inject({
        method: 'POST',
        url: '/api/admin/restart',
        headers: first.headers,
      });
      expect(again.json()).toMatchObject({ success: false, error: 'A restart is already under way.' });
      await first.exitCode;
      await testApp!.close();

      // The process that comes back reads the last restart from the database.
      clock.advance(12_000);
      const second = await appWithExit({}, clock.now, databaseFile);
      const tooSoon = await second.app.inject({
        method: 'POST',
        url: '/api/management/server/restart',
        headers: second.headers,
      });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.headers['retry-after']).toBe('18');
      expect(tooSoon.json()).toMatchObject({
        success: false,
        error: 'The server was restarted moments ago; wait 18 s before restarting it again.',
      });
      expect(second.events).toEqual([]);

      clock.advance(18_000);
      const later = await second.app.inject({
        method: 'POST',
        url: '/api/management/server/restart',
        headers: second.headers,
      });
      expect(later.statusCode).toBe(200);
      expect(await second.exitCode).toBe(RESTART_EXIT_CODE);
    } finally {
      await testApp?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses with a sentence when no supervisor would start the server again', async () => {
    const { app, headers, events } = await appWithExit({ supervised: false });
    const reply = await app.inject({ method: 'POST', url: '/api/management/server/restart', headers });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error).toMatch(/^This server was not started by the supervisor \(npm start\)/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
  });
});

describe('GET /api/management/server/status', () => {
  it("reports the supervisor's restarts before this process, as the supervisor passed them in", async () => {
    const { restart } = loadConfig({
      API_SUPERVISED: '1',
      API_SUPERVISOR_RESTARTS: '3',
      API_SUPERVISOR_LAST_RESTART_AT: String(Date.UTC(2026, 10, 25, 22, 9, 40)),
      API_SUPERVISOR_LAST_RESTART_REASON: 'crashed (signal SIGKILL)',
    });
    testApp = await buildTestApp({ config: { restart } });
    const { headers } = await signInForTest(testApp);
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/management/server/status', headers });
    expect(reply.json().data.supervisor).toEqual({
      supervised: true,
      restarts: 3,
      last_restart_at: '2026-11-25T22:09:40.000Z',
      last_restart_reason: 'crashed (signal SIGKILL)',
    });
  });

  it('says the server is unsupervised, with no restarts, when it runs on its own', async () => {
    testApp = await buildTestApp();
    const { headers } = await signInForTest(testApp);
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/management/server/status', headers });
    expect(reply.json().data.supervisor).toEqual({
      supervised: false,
      restarts: 0,
      last_restart_at: null,
      last_restart_reason: null,
    });
  });
});
