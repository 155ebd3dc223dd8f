import { launchBrowser } from '../e2e/support/browser';
import { setFirstPassword } from '../e2e/support/sign-in';
import { startE2EStack } from '../e2e/support/stack';
const stack = await startE2EStack('zz-debug');
const browser = await launchBrowser();
try {
  const setup = await browser.newContext();
  await setFirstPassword(await setup.newPage(), stack);
  const storage = await setup.storageState();
  const ctx = await browser.newContext({ storageState: storage });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text().slice(0, 300)));
  page.on('pageerror', (e) => console.log('pageerror', String(e).slice(0, 300)));
  page.on('response', (r) => { if (r.url().includes('.js')) console.log(r.status(), r.request().resourceType(), r.url()); });
  for (const p of ['/dashboard', '/performance', '/tick-streaming']) {
    console.log('==', p);
    await page.goto(`${stack.hostUrl}${p}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    console.log((await page.locator('body').innerText()).slice(0, 300).replace(/\n/g, ' | '));
  }
} finally { await browser.close(); await stack.stop(); }
