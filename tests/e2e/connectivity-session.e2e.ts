import assert from 'node:assert/strict';
import http from 'node:http';
import type { Page } from 'playwright-core';
import {
  callApi,
  e2eSuite,
  enrolSecondFactor,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';
import { freePorts } from './support/ports';

// A stand-in for api.upstox.com on a port known before the stack starts: it answers the static-IP
// read (GET /v2/user/ip) with whatever address the test registered last.
const [upstoxPort] = await freePorts(1);
let registered = '122.181.101.247';
const upstox = http.createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  if (request.url === '/v2/user/ip') {
    response.end(JSON.stringify({ status: 'success', data: { user_id: '858644', primary_ip: registered } }));
    return;
  }
  response.statusCode = 404;
  response.end(
    JSON.stringify({ status: 'error', errors: [{ errorCode: 'UDAPI100060', message: 'Not found' }] }),
  );
});

const ENV = {
  TRADING_LOOP: 'off',
  UPSTOX_CLIENT_ID: 'e2e-client-12345678',
  UPSTOX_CLIENT_SECRET: 'e2e-secret',
  UPSTOX_API_BASE_URL: `http://127.0.0.1:${upstoxPort}`,
};

/** A JWT-shaped token as Upstox issues them, its `exp` a day ahead, so the token reads as valid. */
const upstoxToken = (name: string) =>
  `h.${Buffer.from(JSON.stringify({ sub: name, exp: Math.floor(Date.now() / 1000) + 86_400 })).toString('base64url')}.sig`;

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

e2eSuite('connectivity-session', { signedIn: true, env: ENV }, (suite) => {
  suite.test(
    'the Connectivity tab says until when live trading is allowed and warns of a changed static IP',
    async ({ page, stack }) => {
      await new Promise<void>((resolve) => upstox.listen(upstoxPort, '127.0.0.1', resolve));
      try {
        await openSignedIn(page, stack, '/settings');
        const token = await sessionToken(page);
        // Live trading, and so its end time, needs two-step sign-in on (decision 0036).
        await enrolSecondFactor(stack, token);
        // Yesterday's Upstox session saw one address registered; today's sees another.
        await callApi(stack, token, 'POST', '/api/upstox/token', { access_token: upstoxToken('monday') });
        const first = await callApi<{ data: { address: string } }>(
          stack,
          token,
          'GET',
          '/api/upstox/static-ip',
        );
        assert.equal(first.body.data.address, '122.181.101.247');
        registered = '49.37.189.45';
        await new Promise((resolve) => setTimeout(resolve, 5));
        await callApi(stack, token, 'POST', '/api/upstox/token', { access_token: upstoxToken('tuesday') });

        await tab(page, 'Connectivity').click();
        const connectivity = page.getByRole('region', { name: 'Connectivity' });
        await expectVisible(
          connectivity.getByText('Live trading allowed until 03:30 IST (Upstox session)'),
          20_000,
        );
        await expectVisible(connectivity.getByText('Static IP changed since the last Upstox session'));
        await expectVisible(connectivity.getByText('49.37.189.45'));
        await page.waitForTimeout(400);
        await screenshots(page, 'infra-connectivity-session');
      } finally {
        await new Promise<void>((resolve) => upstox.close(() => resolve()));
      }
    },
    { timeout: 120_000 },
  );
});
