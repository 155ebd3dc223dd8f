import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import {
  artifactPath,
  type E2EStack,
  e2eSuite,
  eventually,
  expectDashboard,
  expectPath,
  expectText,
  expectVisible,
  INFRA_NEXT_VERSION,
  openSignedIn,
  PHONE,
  recordScripts,
  registryEntry,
  remoteVersion,
  shellNav,
  useRemoteVersion,
} from './support';

declare global {
  interface Window {
    __noReload?: boolean;
  }
}

/**
 * Whether the element's own text is what the page shows where it is drawn (its centre and its last
 * character): nothing, such as a floating button, sits on top of it.
 */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const boxes = [...range.getClientRects(), element.getBoundingClientRect()];
    return boxes.every((box) =>
      [box.left + box.width / 2, box.right - 2].every((x) => {
        const hit = document.elementFromPoint(x, box.top + box.height / 2);
        return hit !== null && (hit === element || element.contains(hit) || hit.contains(element));
      }),
    );
  });
}

/** Signed in, on /tick-streaming with mf-infra 1.0.0 on screen. */
async function openTickStreaming(page: Page, stack: E2EStack): Promise<void> {
  await openSignedIn(page, stack, '/dashboard');
  await shellNav(page).getByRole('link', { name: 'Tick Streaming' }).click();
  await expectPath(page, '/tick-streaming');
  await expectText(remoteVersion(page), 'Served by mf-infra 1.0.0');
}

// A stack whose trader set the password through the screen once; each test starts in a fresh
// context holding that session (sign-in itself is covered by sign-in.e2e.ts).
e2eSuite('shell', { signedIn: true }, (suite) => {
  suite.test('the shell at 1440×900 and as a drawer at 390×844', async ({ page, stack }) => {
    await openSignedIn(page, stack, '/dashboard');
    await expectDashboard(page);
    await page.screenshot({ path: artifactPath('dashboard-1440x900.png') });

    await page.setViewportSize(PHONE);
    const nav = shellNav(page);
    await nav.waitFor({ state: 'hidden' });
    await page.screenshot({ path: artifactPath('dashboard-390x844.png') });

    // spec part 1 §2: a drawer on small screens that closes when a link is clicked.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectVisible(nav);
    // The drawer slides in; the picture is taken once it sits at the left edge.
    await eventually(
      async () => (await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox())?.x,
      (x) => x === 0,
      (x) => `the drawer should slide in to x = 0, it is at ${x}`,
    );
    await page.screenshot({ path: artifactPath('dashboard-390x844-drawer.png') });
    await nav.getByRole('link', { name: 'Portfolio' }).click();
    await expectPath(page, '/portfolio');
    await nav.waitFor({ state: 'hidden' });
    await expectText(page.getByRole('heading', { level: 1 }), 'Portfolio');
  });

  suite.test(
    'the diagnostics gear has its own place in the top bar and covers no figure at 1440 or 390 px',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/research');
      const gear = page.getByRole('banner').getByRole('button', { name: 'System diagnostics' });
      await expectVisible(gear);
      const niftySwitch = page.getByRole('switch', { name: 'NIFTY 50 only' });
      await expectVisible(niftySwitch, 20_000);
      assert.ok(await uncovered(niftySwitch), 'the NIFTY 50 only switch should not be covered at 1440 px');
      await page.screenshot({ path: artifactPath('gear-research-1440.png') });

      await page.setViewportSize(PHONE);
      await shellNav(page).waitFor({ state: 'hidden' });
      await page.goto(`${stack.hostUrl}/tick-streaming`);
      await expectVisible(gear, 20_000);
      const memory = page.locator('dt:text-is("Memory (API process)") + dd');
      await expectVisible(memory, 20_000);
      // Where the floating gear sat: the bottom right corner of the screen.
      await memory.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      assert.ok(await uncovered(memory), 'the memory figure should not be covered at 390 px');
      await page.screenshot({ path: artifactPath('gear-tick-streaming-390.png') });
    },
  );

  suite.test(
    'React and react-dom are downloaded once per page across three remotes',
    async ({ page, stack }) => {
      // A fresh context has an empty HTTP cache, so every script the page needs is really downloaded.
      const recorder = recordScripts(page);

      await page.goto(`${stack.hostUrl}/dashboard`);
      await expectDashboard(page);
      await shellNav(page).getByRole('link', { name: 'ML Intelligence' }).click();
      await expectText(remoteVersion(page), 'Served by mf-ml 1.0.0');
      await shellNav(page).getByRole('link', { name: 'Tick Streaming' }).click();
      await expectText(remoteVersion(page), 'Served by mf-infra 1.0.0');
      await recorder.settle();
      recorder.stop();

      // The three sections really came from three remotes on their own origins…
      for (const remote of ['trading', 'ml', 'infra'] as const) {
        assert.ok(
          recorder.scripts.some(
            (script) => script.url === `${stack.remoteOrigin(remote)}/mf-${remote}/1.0.0/remoteEntry.js`,
          ),
          `mf-${remote}'s remoteEntry.js was loaded`,
        );
      }
      // …and still the page holds one React and one react-dom.
      const list = (urls: string[]) => urls.join(', ') || 'none';
      assert.equal(
        recorder.of('react').length,
        1,
        `React's core chunk downloaded once; got ${list(recorder.of('react'))}`,
      );
      assert.equal(
        recorder.of('react-dom').length,
        1,
        `react-dom's renderer chunk downloaded once; got ${list(recorder.of('react-dom'))}`,
      );
      assert.ok(
        recorder.of('react-dom index').length <= 1,
        `react-dom's entry module downloaded at most once; got ${list(recorder.of('react-dom index'))}`,
      );
    },
  );

  suite.test(
    'a stopped remote shows a contained fallback with Retry; the rest works, and Retry recovers',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/dashboard');
      await expectDashboard(page);
      await stack.stopRemote('ml');
      let mlStopped = true;
      try {
        await page.goto(`${stack.hostUrl}/ml-intelligence`);
        const fallback = page.getByRole('alert', { name: 'ML Intelligence unavailable' });
        await expectText(fallback.getByRole('heading'), 'ML Intelligence is unavailable', 20_000);
        await expectVisible(fallback.getByRole('button', { name: 'Retry' }));

        // The top bar still works: the user menu opens and closes.
        const menuButton = page.locator('header button[aria-haspopup="menu"]');
        await menuButton.click();
        await expectVisible(
          page
            .getByRole('menu', { name: 'User menu' })
            .getByRole('menuitem', { name: 'Sign Out', exact: true }),
        );
        await page.keyboard.press('Escape');
        await page.getByRole('menu', { name: 'User menu' }).waitFor({ state: 'hidden' });

        // The sidebar still works, and another remote renders.
        await shellNav(page).getByRole('link', { name: 'Tick Streaming' }).click();
        await expectPath(page, '/tick-streaming');
        await expectText(page.getByRole('heading', { level: 1 }), 'Tick Streaming');
        await expectText(remoteVersion(page), 'Served by mf-infra 1.0.0');

        // Back to the broken section: still contained.
        await shellNav(page).getByRole('link', { name: 'ML Intelligence' }).click();
        await expectText(fallback.getByRole('heading'), 'ML Intelligence is unavailable', 20_000);

        await stack.startRemote('ml');
        mlStopped = false;
        await fallback.getByRole('button', { name: 'Retry' }).click();
        await expectText(remoteVersion(page), 'Served by mf-ml 1.0.0', 10_000);
        await expectText(page.getByRole('heading', { level: 1 }), 'ML Intelligence System');
        assert.equal(await fallback.count(), 0, 'the fallback is gone');
        await expectPath(page, '/ml-intelligence');
      } finally {
        if (mlStopped) await stack.startRemote('ml');
      }
    },
  );

  suite.test(
    "the dashboard shows the trading loop's decisions from its first run, and the top bar agrees",
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/dashboard');
      const card = page.getByRole('region', { name: 'Trading Loop' });
      const decisions = card.getByRole('list', { name: 'Last decisions' });
      // The loop runs once at start on bars seeded from history: a decision with its reason is there at once.
      await expectVisible(decisions.getByRole('listitem').first());
      const first = (await decisions.getByRole('listitem').first().textContent()) ?? '';
      assert.doesNotMatch(first, /one-minute bars, has/, `the loop should not wait for bars: ${first}`);
      // The card's badge says Active only when the top bar does: both read the one engines status.
      const active = (await card.getByText('Active', { exact: true }).count()) > 0;
      await expectVisible(
        page.getByRole('banner').getByText(active ? 'Active' : 'Inactive', { exact: true }),
      );
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: artifactPath('trading-loop-card-1440.png') });
      await page.setViewportSize(PHONE);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: artifactPath('trading-loop-card-390.png') });
    },
  );

  suite.test('an unknown route sends a signed-in trader to /dashboard', async ({ page, stack }) => {
    await page.goto(`${stack.hostUrl}/nope`);
    await expectDashboard(page);
    await page.goto(`${stack.hostUrl}/ml-intelligence/not/a/screen`);
    await expectDashboard(page);
  });

  // Last: these change the registry (and put it back).
  suite.test(
    `a registry change swaps mf-infra 1.0.0 → ${INFRA_NEXT_VERSION} in place, without a reload`,
    async ({ page, stack }) => {
      await openTickStreaming(page, stack);
      await page.evaluate(() => {
        window.__noReload = true;
      });
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });

      try {
        await useRemoteVersion(stack, 'infra', INFRA_NEXT_VERSION);
        assert.equal(
          (await registryEntry(stack, 'infra')).version,
          INFRA_NEXT_VERSION,
          'the API serves the new entry',
        );
        await expectText(remoteVersion(page), `Served by mf-infra ${INFRA_NEXT_VERSION}`, 10_000);

        assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not reloaded');
        assert.equal(loads, 0, 'no page load happened');
        await expectPath(page, '/tick-streaming');
        await expectText(page.getByRole('heading', { level: 1 }), 'Tick Streaming');
        // Still signed in, and the rest of the shell untouched.
        await expectVisible(shellNav(page));
        assert.ok(await page.evaluate(() => window.localStorage.getItem('trading-dashboard.session-token')));
      } finally {
        await useRemoteVersion(stack, 'infra', '1.0.0').catch(() => undefined);
      }
    },
  );

  suite.test(
    `after the swap, mf-infra ${INFRA_NEXT_VERSION}'s own code runs (its chunks are loaded from its build)`,
    async ({ page, stack }) => {
      await openTickStreaming(page, stack);
      const nextBuild = `${stack.remoteOrigin('infra')}/mf-infra/${INFRA_NEXT_VERSION}/`;
      const fetchedFromNext: string[] = [];
      page.on('response', (response) => {
        if (response.ok() && response.url().startsWith(nextBuild))
          fetchedFromNext.push(response.url().slice(nextBuild.length));
      });

      try {
        await useRemoteVersion(stack, 'infra', INFRA_NEXT_VERSION);
        await expectText(remoteVersion(page), `Served by mf-infra ${INFRA_NEXT_VERSION}`, 10_000);
        assert.ok(
          fetchedFromNext.includes('mf-manifest.json'),
          `the new manifest was fetched; got ${fetchedFromNext}`,
        );
        assert.ok(
          fetchedFromNext.includes('remoteEntry.js'),
          `the new remoteEntry.js was loaded; got ${fetchedFromNext}`,
        );
        // The screen's code lives in the exposed chunk. Without it, the label says the new version while
        // the old build's code keeps running, until the next full page load.
        await eventually(
          async () => fetchedFromNext.some((file) => file.startsWith('__federation_expose_app.')),
          (loaded) => loaded,
          () =>
            `the new build's exposed chunk (__federation_expose_app.*.js) was never loaded from ${nextBuild}; got ${fetchedFromNext.join(', ')}`,
          3_000,
        );
      } finally {
        await useRemoteVersion(stack, 'infra', '1.0.0').catch(() => undefined);
      }
    },
  );
});
