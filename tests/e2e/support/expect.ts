import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

const DEFAULT_TIMEOUT = 15_000;

/** Polls `read` until `accept` holds, then returns the value; on timeout, asserts with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  describe: (last: T | undefined) => string,
  timeoutMs = DEFAULT_TIMEOUT,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch {
      // The element may be mid re-render; read again.
    }
    if (Date.now() > deadline) assert.fail(describe(last));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The first element of `locator` shows exactly `expected` (whitespace collapsed). */
export async function expectText(
  locator: Locator,
  expected: string,
  timeoutMs = DEFAULT_TIMEOUT,
): Promise<void> {
  await eventually(
    async () => squash(await locator.first().textContent({ timeout: 1000 })),
    (text) => text === expected,
    (last) => `expected ${locator} to read ${JSON.stringify(expected)}, last read ${JSON.stringify(last)}`,
    timeoutMs,
  );
}

/** `locator` is visible (waits for it). */
export async function expectVisible(locator: Locator, timeoutMs = DEFAULT_TIMEOUT): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    assert.fail(`expected ${locator} to be visible within ${timeoutMs} ms`);
  }
}

/** The page's path (no origin, no query) becomes `pathname`. */
export async function expectPath(page: Page, pathname: string, timeoutMs = DEFAULT_TIMEOUT): Promise<void> {
  await eventually(
    async () => new URL(page.url()).pathname,
    (current) => current === pathname,
    (last) => `expected the page to be at ${pathname}, it is at ${last}`,
    timeoutMs,
  );
}
