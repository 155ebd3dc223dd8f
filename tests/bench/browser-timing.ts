import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Response } from 'playwright-core';
import { REMOTES } from '../../scripts/lib/stack';
import { type StaticSite, startStaticSite } from '../../scripts/lib/static-site';
import { DESKTOP, launchBrowser } from '../e2e/support/browser';
import { ensureBuilt } from '../e2e/support/build';
import { ROOT } from '../e2e/support/paths';
import { setFirstPassword } from '../e2e/support/sign-in';
import { type E2EStack, startE2EStack } from '../e2e/support/stack';
import { printWaterfall } from './waterfall';

/** What one cold open of /dashboard cost, signed in, with an empty HTTP cache. */
export interface DashboardSample {
  /** From navigation start until the portfolio value and the market status were on screen. */
  figuresMs: number;
  /** Every script the page downloaded, each gzipped at level 9 (loopback serves them uncompressed). */
  jsGzipBytes: number;
  /** Requests the page made before its figures showed (documents, scripts, manifests, API calls). */
  requests: number;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Installed before any page script: watches the DOM until the dashboard's figures are there (the
 * Portfolio Value tile holds rupees, the Market Status card lists NIFTY 50), then stamps the next
 * animation frame, the first paint that can show them, in ms since navigation start.
 */
const WATCH_FIGURES = `(() => {
  const shown = () => {
    const tile = [...document.querySelectorAll('[role="group"]')].find((g) =>
      (g.textContent || '').startsWith('Portfolio Value'));
    return !!tile && tile.textContent.includes('₹') && !!document.querySelector('li[aria-label="NIFTY 50"]');
  };
  const observer = new MutationObserver(() => {
    if (window.__figuresSeen || !shown()) return;
    window.__figuresSeen = true;
    observer.disconnect();
    requestAnimationFrame(() => { window.__figuresAt = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const t of list.getEntries()) window.__longTasks.push([Math.round(t.startTime), Math.round(t.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

/** Opens `url` in a fresh context holding `storage` and measures it; `cpuRate` > 1 throttles the CPU. */
export async function measureDashboard(
  browser: Browser,
  url: string,
  storage: StorageState,
  cpuRate = 1,
): Promise<DashboardSample> {
  const context = await browser.newContext({ storageState: storage, viewport: DESKTOP });
  try {
    const page = await context.newPage();
    if (cpuRate > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    }
    await page.addInitScript(WATCH_FIGURES);
    let requests = 0;
    let figuresSeen = false;
    page.on('request', () => {
      if (!figuresSeen) requests += 1;
    });
    // Bodies are read and gzipped after the figures show: doing it as each script arrived put the
    // bench's own CDP round trips and gzip on the two cores the page was being measured on.
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response);
    });
    await page.goto(url);
    const handle = await page.waitForFunction(() => (window as { __figuresAt?: number }).__figuresAt, null, {
      timeout: 60_000,
      polling: 50,
    });
    const figuresMs = Number(await handle.jsonValue());
    figuresSeen = true;
    await printWaterfall(page, figuresMs, cpuRate > 1 ? `cpu ${cpuRate}x` : 'loopback');
    // Scripts still arriving (a preload, a lazy widget) are part of the page's weight too.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    let jsGzipBytes = 0;
    for (const response of scripts) {
      const body = await response.body().catch(() => null);
      if (body) jsGzipBytes += gzipSync(body, { level: 9 }).length;
    }
    return { figuresMs, jsGzipBytes, requests };
  } finally {
    await context.close();
  }
}

/** The newest modification time under `dir` (0 when it does not exist). */
function newestUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const mtime = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): void {
  console.log(`› ${path.relative(ROOT, cwd) || '.'}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with code ${result.status}`);
}

/** Builds the federated dists and the single bundle when missing or older than any front-end source. */
export function ensureFreshBuilds(): void {
  ensureBuilt();
  const sources = Math.max(
    ...['host', ...REMOTES.map((r) => `mf-${r}`)].map((p) => newestUnder(path.join(ROOT, p, 'src'))),
    ...['platform', 'ui', 'api-client', 'contracts'].map((p) =>
      newestUnder(path.join(ROOT, 'packages', p, 'src')),
    ),
    newestUnder(path.join(ROOT, 'packages/platform/build')),
  );
  const federated = Math.min(
    mtime(path.join(ROOT, 'host/dist/index.html')),
    ...REMOTES.map((r) => mtime(path.join(ROOT, `mf-${r}`, 'dist', `mf-${r}`, '1.0.0', 'mf-manifest.json'))),
  );
  if (federated < sources) run('pnpm', ['run', 'build'], ROOT);
  if (mtime(path.join(ROOT, 'host/dist-single/index.html')) < sources)
    run('pnpm', ['run', 'build'], path.join(ROOT, 'host'), { SINGLE_BUNDLE: '1' });
}

export interface BenchStack {
  stack: E2EStack;
  browser: Browser;
  /** The trader's signed-in session (set through the real first-password screen). */
  storage: StorageState;
  /** Serves host/<dist> on the stack's host port (the origin the API allows), replacing what was there. */
  serveHost(dist: 'dist' | 'dist-single'): Promise<void>;
  close(): Promise<void>;
}

/** The e2e stack, Chromium and a signed-in trader, as the e2e tests start them. */
export async function openBenchStack(name: string): Promise<BenchStack> {
  const stack = await startE2EStack(name);
  const browser = await launchBrowser();
  const setup = await browser.newContext({ viewport: DESKTOP });
  await setFirstPassword(await setup.newPage(), stack);
  const storage = await setup.storageState();
  await setup.close();
  // The same page headers (CSP and all) as the stack's own host site sends.
  const csp = (await fetch(stack.hostUrl)).headers.get('content-security-policy') ?? '';
  let current: StaticSite = stack.host;
  return {
    stack,
    browser,
    storage,
    async serveHost(dist) {
      await current.close();
      current = await startStaticSite({
        root: path.join(ROOT, 'host', dist),
        port: stack.ports.host,
        spa: { apiUrl: stack.apiUrl, contentSecurityPolicy: async () => csp },
      });
    },
    async close() {
      await current.close();
      await browser.close();
      await stack.stop();
    },
  };
}
