import assert from 'node:assert/strict';
import type { AutoScalingStatus, TickStreamingDashboard } from '@td/contracts';
import type { Page } from 'playwright-core';
import {
  ARTIFACTS,
  callApi,
  type E2EStack,
  e2eSuite,
  eventually,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

const tile = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const text = async (page: Page, name: string) => ((await tile(page, name).textContent()) ?? '').trim();
const firstNumber = (value: string) => Number(/-?\d+(?:\.\d+)?/.exec(value)?.[0]);
/** The leading Indian-grouped integer of a tile's text ("10,46117.4 per second" → 10461). */
const leadingCount = (value: string) =>
  Number(/^(?:(?:\d{1,2},)?(?:\d{2},)*\d{3}|\d{1,3})/.exec(value)?.[0]?.replace(/,/g, ''));

async function get<T>(stack: E2EStack, token: string, path: string): Promise<T> {
  const reply = await callApi<{ success: boolean; data: T; error?: string }>(stack, token, 'GET', path);
  assert.equal(reply.status, 200, `${path} answered ${reply.status}: ${reply.body.error}`);
  return reply.body.data;
}

/** Keeps `parallel` requests in flight against the API until `stop()`; answers how many were made. */
function loadTheServer(stack: E2EStack, token: string, parallel = 24) {
  let running = true;
  let made = 0;
  const worker = async () => {
    while (running) {
      await fetch(`${stack.apiUrl}/api/tick-streaming/dashboard`, {
        headers: { Authorization: `Bearer ${token}` },
      }).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
      made += 1;
    }
  };
  const workers = Array.from({ length: parallel }, worker);
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return made;
    },
  };
}

e2eSuite('infra-monitoring', { signedIn: true }, (suite) => {
  suite.test(
    "tick streaming's tiles agree with the API and ticks are flowing",
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/tick-streaming');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Tick Streaming' }));
      const token = await sessionToken(page);
      await eventually(
        async () => {
          // The screen's figures and the API's, read within a moment of each other.
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.waitForLoadState('networkidle').catch(() => undefined);
          const api = await get<TickStreamingDashboard>(stack, token, '/api/tick-streaming/dashboard');
          return {
            api,
            connection: await text(page, 'Connection Status'),
            sockets: await text(page, 'WebSockets'),
            ticks: leadingCount((await text(page, 'Ticks/Minute')).replace('Ticks/Minute', '')),
          };
        },
        ({ api, connection, sockets, ticks }) => {
          const streams = Object.values(api.websocket_health);
          const active = streams.filter((stream) => stream.active).length;
          return (
            api.connection_status === 'connected' &&
            connection.includes('Connected') &&
            sockets.includes(`${active}/${streams.length}`) &&
            api.health.ticks_per_minute > 0 &&
            ticks > 0 &&
            Math.abs(ticks - api.health.ticks_per_minute) <= api.health.ticks_per_minute * 0.2
          );
        },
        (last) =>
          last
            ? `screen: ${last.connection} · ${last.sockets} · ${last.ticks}/min; API: ${last.api.connection_status}, ${last.api.health.ticks_per_minute}/min`
            : 'the page or the API could not be read',
        30_000,
      );
      await expectVisible(page.getByRole('heading', { name: 'System Health' }));
      await expectVisible(page.getByRole('list', { name: 'WebSocket connections' }));
      // Two polls 10 s apart draw the sparkline.
      await expectVisible(page.getByRole('img', { name: /^Ticks per second over the last/ }), 30_000);
      await screenshots(page, 'infra-tick-streaming');
    },
    { timeout: 120_000 },
  );

  suite.test(
    'the auto-scaling CPU gauge rises while a burst of requests loads the server',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/auto-scaling');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Auto-Scaling Monitor' }));
      await expectVisible(tile(page, 'Instance Type').getByText(/^\d+ vCPU$/));
      // One API on this machine, embedded SQLite and no Redis: the screen says so, and not Kubernetes.
      const instances = page.getByRole('region', { name: 'Instances', exact: true });
      await expectVisible(instances.getByText('Single machine'));
      await expectVisible(instances.getByText(/^One instance on this machine/));
      await expectVisible(page.getByRole('region', { name: 'Kubernetes' }).getByText('Not in Kubernetes'));
      const token = await sessionToken(page);
      const cpuShown = async () => firstNumber((await text(page, 'CPU Usage')).replace('CPU Usage', ''));
      const idle = await cpuShown();
      assert.ok(Number.isFinite(idle), 'the CPU gauge shows a number');
      await screenshots(page, 'infra-auto-scaling');

      const load = loadTheServer(stack, token);
      let loaded: { shown: number; api: AutoScalingStatus };
      try {
        loaded = await eventually(
          async () => {
            await page.getByRole('button', { name: 'Refresh' }).click();
            await page.waitForTimeout(1500);
            const api = await get<AutoScalingStatus>(stack, token, '/api/auto-scaling/status');
            return { shown: await cpuShown(), api };
          },
          // The machine is shared (two cores, the browser and this test): a clear rise, not a fixed level.
          ({ shown }) => shown >= idle + 10,
          (last) => `the CPU gauge stayed at ${last?.shown}% under load (idle ${idle}%)`,
          45_000,
        );
      } finally {
        const made = await load.stop();
        console.log(`load: ${made} requests`);
      }
      assert.ok(loaded.api.metrics.requests_measured > 0);
      assert.ok(loaded.api.metrics.latency !== null);
      console.log(
        `auto-scaling: idle CPU ${idle}%, loaded ${loaded.shown}%; machine ${loaded.api.metrics.cpu_machine}%; ` +
          `latency p50 ${loaded.api.metrics.latency} ms p95 ${loaded.api.metrics.latency_p95} ms; ` +
          `event loop ${loaded.api.metrics.event_loop_delay_ms} ms; decision ${loaded.api.scaling.action}: ${loaded.api.scaling.reason}`,
      );
      await screenshots(page, 'infra-auto-scaling-loaded');
      console.log(`screenshots in ${ARTIFACTS}`);
    },
    { timeout: 120_000 },
  );
});
