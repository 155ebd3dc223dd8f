import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../runtime/logger';
import { TEST_EPOCH } from '../../test-support/test-clock';
import { createSetupLinkDelivery } from './setup-link-delivery';
import { setupLinkFilePath } from './setup-link-file';

describe('setup link on the server console', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-setup-link-'));
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const delivery = () =>
    createSetupLinkDelivery(
      { smtpUrl: undefined, smtpFrom: 'x@example.com', dataDir },
      createLogger('silent'),
      () => TEST_EPOCH,
    );

  it('keeps one clean-up timer for the latest link, and stop clears it', async () => {
    const console = delivery();
    const before = jest.getTimerCount();
    await console.deliver('trader@example.com', 'http://localhost/?setup_token=a', TEST_EPOCH + 60_000);
    await console.deliver('trader@example.com', 'http://localhost/?setup_token=b', TEST_EPOCH + 60_000);
    expect(jest.getTimerCount()).toBe(before + 1);
    expect(fs.existsSync(setupLinkFilePath(dataDir))).toBe(true);
    console.stop();
    expect(jest.getTimerCount()).toBe(before);
  });
});
