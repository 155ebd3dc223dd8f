import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { artifactPath, slug } from './paths';
import { setFirstPassword } from './sign-in';
import { type E2EStack, startE2EStack } from './stack';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Two pictures of the screen the test stands on: a laptop and a phone. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: artifactPath(`${name}-1440.png`), fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: artifactPath(`${name}-390.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

export interface E2EContext {
  stack: E2EStack;
  browser: Browser;
  /** A fresh browser context (own storage and cache) at 1440×900, opened for this test. */
  context: BrowserContext;
  page: Page;
  /** Another fresh context for this test; closed (and screenshotted on failure) with the first. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** With `signedIn`: the storage (session token) of the trader signed in by the before hook. */
  signedInState?: StorageState;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface SuiteOptions {
  /** Set the trader's password once, through the screen, before the tests. */
  firstPassword?: boolean;
  /** Also start each test's first context with that signed-in session (its HTTP cache still empty). */
  signedIn?: boolean;
  /** Settings for this file's API server over the e2e defaults (e.g. TRADING_LOOP: 'off'). */
  env?: Record<string, string>;
}

type Body = (ctx: E2EContext) => Promise<void>;

export interface E2ESuite {
  test(name: string, body: Body, options?: { timeout?: number }): void;
  /** The running stack (only inside hooks and tests). */
  readonly stack: E2EStack;
}

/**
 * One describe block per test file: its own stack (fresh DATA_DIR and TRADER_EMAIL) and one
 * Chromium, started once; each test gets fresh contexts. When a test fails, every page it opened
 * is saved to tests/e2e/artifacts/<test-name>.png (-2, -3… for further pages) before it closes.
 * The browser's console errors go to tests/e2e/artifacts/<file>.browser.log.
 */
export function e2eSuite(fileName: string, options: SuiteOptions, define: (suite: E2ESuite) => void): void {
  let stack: E2EStack | undefined;
  let browser: Browser | undefined;
  let signedInState: StorageState | undefined;
  const browserLog = fs.createWriteStream(artifactPath(`${slug(fileName)}.browser.log`), { flags: 'w' });

  const suite: E2ESuite = {
    get stack() {
      if (!stack) throw new Error('The stack is not running.');
      return stack;
    },
    test(name, body, testOptions = {}) {
      test(name, { timeout: testOptions.timeout ?? 60_000 }, async () => {
        if (!stack || !browser)
          throw new Error('The stack or the browser did not start; see the before hook.');
        const contexts: BrowserContext[] = [];
        const newContext = async (contextOptions: BrowserContextOptions = {}) => {
          const context = await browser!.newContext({ viewport: DESKTOP, ...contextOptions });
          context.setDefaultTimeout(15_000);
          context.on('page', (page) => watchConsole(page, name, browserLog));
          contexts.push(context);
          return context;
        };
        const context = await newContext(options.signedIn ? { storageState: signedInState } : {});
        const page = await context.newPage();
        try {
          await body({ stack, browser, context, page, newContext, signedInState });
        } catch (error) {
          await screenshotAll(contexts, slug(name));
          throw error;
        } finally {
          await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
        }
      });
    },
  };

  describe(fileName, () => {
    before(async () => {
      [stack, browser] = await Promise.all([startE2EStack(fileName, options.env), launchBrowser()]);
      if (options.firstPassword || options.signedIn) {
        // The trader's password, set once through the real screen, which leaves this context signed in.
        const context = await browser.newContext({ viewport: DESKTOP });
        try {
          await setFirstPassword(await context.newPage(), stack);
          signedInState = await context.storageState();
        } catch (error) {
          await screenshotAll([context], `${slug(fileName)}-first-password`);
          throw error;
        } finally {
          await context.close();
        }
      }
    });
    after(async () => {
      await Promise.allSettled([browser?.close(), stack?.stop()]);
      browserLog.end();
    });
    define(suite);
  });
}

function watchConsole(page: Page, testName: string, log: fs.WriteStream): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      log.write(`[${testName}] console.${message.type()}: ${message.text()}\n`);
    }
  });
  page.on('pageerror', (error) => log.write(`[${testName}] page error: ${error.message}\n`));
  page.on('response', (response) => {
    if (response.status() >= 400) log.write(`[${testName}] HTTP ${response.status()}: ${response.url()}\n`);
  });
  page.on('requestfailed', (request) =>
    log.write(`[${testName}] request failed: ${request.url()} (${request.failure()?.errorText})\n`),
  );
}

async function screenshotAll(contexts: BrowserContext[], name: string): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  await Promise.all(
    pages.map((page, i) =>
      page
        .screenshot({
          path: artifactPath(`${name}${i === 0 ? '' : `-${i + 1}`}.png`),
          fullPage: true,
          timeout: 5000,
        })
        .catch(() => undefined),
    ),
  );
}
