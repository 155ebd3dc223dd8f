import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { WIDGET_CHUNK_PREFIX } from '../../packages/platform/build/widget-chunks';
import { launchBrowser } from '../e2e/support/browser';
import { ensureBuilt } from '../e2e/support/build';
import { type SharedKind, sharedKindsIn } from '../e2e/support/shared-chunks';
import { setFirstPassword } from '../e2e/support/sign-in';
import { startE2EStack } from '../e2e/support/stack';
import { metric } from './metric';

/** Issue 22's first-load goals, gzipped KiB. */
export const BUNDLE_GOALS = { hostKiB: 200, remoteKiB: 60, signInPageKiB: 150 } as const;

interface Script {
  url: string;
  origin: string;
  /** Fetched when a heavy widget (a chart) mounts, not for the screen itself (WIDGET_CHUNK_PREFIX). */
  widget: boolean;
  gzipBytes: number;
  kinds: SharedKind[];
}

/**
 * Records the URL of every script a page downloads. The bodies are read afterwards from the static
 * servers: Chromium does not always keep a cross-origin script's body for `response.body()` (the
 * remotes' chunks read as nothing), which printed 0 KiB for mf-auth.
 */
function record(page: Page) {
  const urls: string[] = [];
  page.on('response', (response: Response) => {
    const isScript =
      response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js');
    if (isScript && response.ok()) urls.push(response.url());
  });
  return {
    async scripts(): Promise<Script[]> {
      return Promise.all(
        urls.map(async (url) => {
          const body = Buffer.from(await (await fetch(url)).arrayBuffer());
          return {
            url,
            origin: new URL(url).origin,
            widget: path.basename(new URL(url).pathname).startsWith(WIDGET_CHUNK_PREFIX),
            gzipBytes: gzipSync(body, { level: 9 }).length,
            kinds: sharedKindsIn(body.toString()),
          };
        }),
      );
    },
  };
}

/**
 * Resolves when a remote's exposed module has arrived: the registry is read after the shell starts,
 * so `networkidle` alone can fire before a slow machine has even asked for the remote.
 */
function exposeLoaded(page: Page, origin: string) {
  return page.waitForResponse(
    (response) => response.url().startsWith(origin) && response.url().includes('__federation_expose_'),
    { timeout: 30_000 },
  );
}

async function settled(page: Page, loaded: Promise<unknown>) {
  await loaded;
  await page.waitForLoadState('networkidle');
  // The screen's own lazy chunks are asked for once it renders.
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
}

const kib = (bytes: number) => bytes / 1024;
const kibFrom = (scripts: Script[], origin: string) =>
  kib(scripts.filter((s) => s.origin === origin).reduce((n, s) => n + s.gzipBytes, 0));
/** A remote's first load: its entry, expose and the screen's chunks, without widgets fetched as they mount. */
const firstLoadKiB = (scripts: Script[], origin: string) =>
  kibFrom(
    scripts.filter((s) => !s.widget),
    origin,
  );
const widgetKiB = (scripts: Script[], origin: string) =>
  kibFrom(
    scripts.filter((s) => s.widget),
    origin,
  );

/** Every goal missed, as sentences a reader can act on; empty when all are met. */
export function missedGoals(figures: {
  hostKiB: number;
  signInPageKiB: number;
  remotesKiB: Record<string, number>;
  reactDownloads: number;
  reactDomDownloads: number;
}): string[] {
  const missed: string[] = [];
  const over = (what: string, value: number, goal: number) => {
    if (value > goal) missed.push(`${what} is ${value.toFixed(1)} KiB, over the ${goal} KiB goal.`);
  };
  over('The host first load', figures.hostKiB, BUNDLE_GOALS.hostKiB);
  over('The sign-in page (signed out)', figures.signInPageKiB, BUNDLE_GOALS.signInPageKiB);
  for (const [remote, value] of Object.entries(figures.remotesKiB))
    over(`mf-${remote}'s own first load`, value, BUNDLE_GOALS.remoteKiB);
  if (figures.reactDownloads !== 1 || figures.reactDomDownloads !== 1)
    missed.push(
      `React was downloaded ${figures.reactDownloads} and react-dom ${figures.reactDomDownloads} times on one page: it must be once each.`,
    );
  return missed;
}

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
    const authLoaded = exposeLoaded(loginPage, stack.remoteOrigin('auth'));
    await loginPage.goto(`${stack.hostUrl}/login`);
    await settled(loginPage, authLoaded);
    const loginScripts = await login.scripts();
    await loginContext.close();
    const hostOrigin = new URL(stack.hostUrl).origin;
    const hostKiB = kibFrom(loginScripts, hostOrigin);
    const remotesKiB: Record<string, number> = { auth: kibFrom(loginScripts, stack.remoteOrigin('auth')) };
    const signInPageKiB = kib(loginScripts.reduce((n, s) => n + s.gzipBytes, 0));
    // BENCH_SCRIPTS=1 lists what the sign-in page downloads, to see what a figure is made of.
    if (process.env.BENCH_SCRIPTS)
      for (const s of loginScripts)
        console.log(`  ${kib(s.gzipBytes).toFixed(1)} KiB ${s.url} ${s.kinds.join(',')}`);

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
    const [first, ...rest] = screens;
    const firstLoaded = exposeLoaded(page, stack.remoteOrigin(first[0]));
    await page.goto(`${stack.hostUrl}${first[1]}`);
    await settled(page, firstLoaded);
    for (const [name, path] of rest) {
      const loaded = exposeLoaded(page, stack.remoteOrigin(name));
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await settled(page, loaded);
    }
    const scripts = await all.scripts();
    await context.close();
    const widgetsKiB: Record<string, number> = {};
    for (const [name] of screens) {
      remotesKiB[name] = firstLoadKiB(scripts, stack.remoteOrigin(name));
      widgetsKiB[name] = widgetKiB(scripts, stack.remoteOrigin(name));
    }
    const reactDownloads = scripts.filter((s) => s.kinds.includes('react')).length;
    const reactDomDownloads = scripts.filter((s) => s.kinds.includes('react-dom')).length;

    metric('host_first_load_js_gzip', hostKiB, 'KiB');
    for (const [name, value] of Object.entries(remotesKiB)) metric(`mf_${name}_js_gzip`, value, 'KiB');
    // Charts and other widgets the first view mounts, fetched after the screen's own code.
    for (const [name, value] of Object.entries(widgetsKiB))
      metric(`mf_${name}_widgets_js_gzip`, value, 'KiB');
    metric('sign_in_page_js_gzip', signInPageKiB, 'KiB');
    metric('signed_in_host_js_gzip', kibFrom(scripts, hostOrigin), 'KiB');
    metric('react_dom_downloads_per_page', reactDomDownloads, 'count', 0);
    metric('react_downloads_per_page', reactDownloads, 'count', 0);

    const missed = missedGoals({ hostKiB, signInPageKiB, remotesKiB, reactDownloads, reactDomDownloads });
    if (missed.length > 0) throw new Error(`First-load goals missed:\n${missed.join('\n')}`);
    console.log('bundle: every first-load goal is met');
  } finally {
    await browser.close();
    await stack.stop();
  }
}
