import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { ensureBuilt } from '../e2e/support/build';
import { type SharedKind, sharedKindsIn } from '../e2e/support/shared-chunks';
import { setFirstPassword } from '../e2e/support/sign-in';
import { startE2EStack } from '../e2e/support/stack';
import { metric } from './metric';

interface Script {
  origin: string;
  gzipBytes: number;
  kinds: SharedKind[];
}

/** Records every script a page downloads: where from, its gzipped size, and which shared library it holds. */
function record(page: Page) {
  const scripts: Script[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    pending.push(
      response
        .body()
        .then((body) => {
          scripts.push({
            origin: new URL(response.url()).origin,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            kinds: sharedKindsIn(body.toString()),
          });
        })
        .catch(() => undefined),
    );
  });
  return { scripts, settle: () => Promise.all(pending) };
}

const kib = (bytes: number) => bytes / 1024;

export async function run() {
  ensureBuilt();
  const stack = await startE2EStack('bench-bundle');
  const browser = await launchBrowser();
  try {
    // Sign in once to have a session for the guarded screens.
    const setup = await browser.newContext();
    await setFirstPassword(await setup.newPage(), stack);
    const storage = await setup.storageState();
    await setup.close();

    // The sign-in page, cold: the host shell plus mf-auth.
    const loginContext = await browser.newContext();
    const loginPage = await loginContext.newPage();
    const login = record(loginPage);
    await loginPage.goto(`${stack.hostUrl}/login`, { waitUntil: 'networkidle' });
    await login.settle();
    const hostOrigin = new URL(stack.hostUrl).origin;
    const sum = (scripts: Script[], origin: string) =>
      scripts.filter((s) => s.origin === origin).reduce((n, s) => n + s.gzipBytes, 0);
    metric('host_first_load_js_gzip', kib(sum(login.scripts, hostOrigin)), 'KiB');
    metric('mf_auth_js_gzip', kib(sum(login.scripts, stack.remoteOrigin('auth'))), 'KiB');
    await loginContext.close();

    // Signed in, cold cache: each remote's own JavaScript as its screen opens.
    const context = await browser.newContext({ storageState: storage });
    const page = await context.newPage();
    const all = record(page);
    const screens = [
      ['trading', '/dashboard'],
      ['analytics', '/performance'],
      ['ml', '/ml-intelligence'],
      ['infra', '/tick-streaming'],
    ] as const;
    await page.goto(`${stack.hostUrl}${screens[0][1]}`, { waitUntil: 'networkidle' });
    for (const [, path] of screens.slice(1)) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
    }
    await all.settle();
    for (const [name] of screens)
      metric(`mf_${name}_js_gzip`, kib(sum(all.scripts, stack.remoteOrigin(name))), 'KiB');
    metric('signed_in_host_js_gzip', kib(sum(all.scripts, hostOrigin)), 'KiB');
    metric(
      'react_dom_downloads_per_page',
      all.scripts.filter((s) => s.kinds.includes('react-dom')).length,
      'count',
      0,
    );
    metric(
      'react_downloads_per_page',
      all.scripts.filter((s) => s.kinds.includes('react')).length,
      'count',
      0,
    );
    await context.close();
  } finally {
    await browser.close();
    await stack.stop();
  }
}
