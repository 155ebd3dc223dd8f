import fs from 'node:fs';
import { createSetupLinkDelivery } from '../../engines/auth/setup-link-delivery';
import { readSetupTokenFromFile, setupLinkFilePath } from '../../engines/auth/setup-link-file';
import { createLogger } from '../../runtime/logger';
import {
  buildTestApp,
  createTestClock,
  signInForTest,
  TEST_PASSWORD,
  type TestApp,
} from '../../test-support';
import { column, scalar } from '../../test-support/databases';

const REMOTE = '203.0.113.20';

describe('POST /api/auth/request-password-setup', () => {
  const clock = createTestClock();
  let t: TestApp;
  let logLines: string[];

  const requestSetup = (email: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-setup',
      payload: { email },
      remoteAddress,
      headers,
    });
  const loggedSetupLinks = () =>
    logLines.map((line) => JSON.parse(line)).filter((entry) => typeof entry.setupLink === 'string');

  beforeEach(async () => {
    logLines = [];
    t = await buildTestApp({ now: clock.now, logStream: { write: (line: string) => logLines.push(line) } });
  });
  afterEach(() => t.close());

  it('never answers with the link, from loopback either: it goes to the log and a 0600 file in the data directory', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', REMOTE]) {
      const response = await requestSetup(t.config.traderEmail, address);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message:
          'Password setup link written to the terminal running the server and to setup-link.txt in its data directory. Open it within 15 minutes.',
        sent_to: 'server-console',
      });
      const token = readSetupTokenFromFile(t.config.dataDir) ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(response.body).not.toContain(token);
      expect(JSON.stringify(response.headers)).not.toContain(token);
      expect(fs.statSync(setupLinkFilePath(t.config.dataDir)).mode & 0o777).toBe(0o600);
    }
    const [entry] = loggedSetupLinks();
    expect(entry.level).toBe(40);
    expect(entry.setupLink).toMatch(
      new RegExp(`^${t.config.setupLinkBase}\\?setup_token=[A-Za-z0-9_-]{43}$`),
    );
    expect(loggedSetupLinks()).toHaveLength(4);
  });

  it('keeps only the latest link in the file, and removes the file once the link is used', async () => {
    await requestSetup(t.config.traderEmail);
    const older = readSetupTokenFromFile(t.config.dataDir);
    await requestSetup(t.config.traderEmail);
    const newer = readSetupTokenFromFile(t.config.dataDir) ?? '';
    expect(newer).not.toBe(older);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { temp_token: newer, new_password: TEST_PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    expect(fs.existsSync(setupLinkFilePath(t.config.dataDir))).toBe(false);
  });

  it('removes a lapsed link file when the server starts, and keeps one that still works', async () => {
    await requestSetup(t.config.traderEmail);
    const logger = createLogger('silent');
    createSetupLinkDelivery(t.config, logger, () => clock.now() + 14 * 60_000);
    expect(fs.existsSync(setupLinkFilePath(t.config.dataDir))).toBe(true);
    createSetupLinkDelivery(t.config, logger, () => clock.now() + 15 * 60_000);
    expect(fs.existsSync(setupLinkFilePath(t.config.dataDir))).toBe(false);
  });

  it('answers with the same sentence once a password exists', async () => {
    await signInForTest(t);
    const response = await requestSetup(t.config.traderEmail, '127.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('temp_token');
    expect(response.json().sent_to).toBe('server-console');
  });

  it('refuses any address but the authorised one', async () => {
    const response = await requestSetup('someone@elsewhere.test');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'Access restricted to authorized user only',
    });
    expect(scalar(t.services.db, 'SELECT COUNT(*) FROM setup_tokens')).toBe(0);
  });

  it('stores only the hash of a setup token', async () => {
    await requestSetup(t.config.traderEmail);
    const token = readSetupTokenFromFile(t.config.dataDir);
    const stored = column(t.services.db, 'SELECT token_hash FROM setup_tokens');
    expect(stored).toHaveLength(1);
    expect(stored).not.toContain(token);
  });

  it('limits one address to five requests per 15 minutes', async () => {
    for (let i = 0; i < 5; i++)
      expect((await requestSetup(t.config.traderEmail, REMOTE)).statusCode).toBe(200);
    const blocked = await requestSetup(t.config.traderEmail, REMOTE);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect((await requestSetup(t.config.traderEmail, '198.51.100.1')).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expect((await requestSetup(t.config.traderEmail, REMOTE)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/set-password', () => {
  const clock = createTestClock();
  let t: TestApp;
  let logLines: string[];

  const firstRunToken = async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-setup',
      payload: { email: t.config.traderEmail },
    });
    return readSetupTokenFromFile(t.config.dataDir) ?? '';
  };
  const setPassword = (temp_token: string, new_password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { temp_token, new_password } });

  beforeEach(async () => {
    logLines = [];
    t = await buildTestApp({ now: clock.now, logStream: { write: (line: string) => logLines.push(line) } });
  });
  afterEach(() => t.close());

  it('sets the password and signs the trader in', async () => {
    const response = await setPassword(await firstRunToken(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Password set successfully! Logging you in...',
      user: { email: t.config.traderEmail, name: t.config.traderName },
      session_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(t.services.auth.isPasswordSet()).toBe(true);
  });

  it.each([
    ['short', 'Ab1!short', 'Password must be at least 12 characters long'],
    [
      'weak',
      'alllowercaseletters',
      'Password is too weak: use upper and lower case letters, and add digits or symbols',
    ],
  ])(
    'refuses a %s password with the rule sentence and keeps the token usable',
    async (_kind, password, message) => {
      const token = await firstRunToken();
      const refused = await setPassword(token, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toContain(message);
      expect((await setPassword(token, TEST_PASSWORD)).statusCode).toBe(200);
    },
  );

  it.each([
    ['an unknown', 'A'.repeat(43)],
    ['a malformed', 'not a token'],
  ])('refuses %s token', async (_kind, token) => {
    await firstRunToken();
    const response = await setPassword(token, TEST_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('This setup link has expired or was already used. Request a new one.');
  });

  it('refuses a token older than 15 minutes', async () => {
    const token = await firstRunToken();
    clock.advance(15 * 60_000);
    expect((await setPassword(token, TEST_PASSWORD)).json().code).toBe('setup_link_invalid');
  });

  it('accepts a token only once', async () => {
    const token = await firstRunToken();
    expect((await setPassword(token, TEST_PASSWORD)).statusCode).toBe(200);
    const again = await setPassword(token, 'Another-Strong-Pass-99');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('setup_link_invalid');
  });

  it('retires an earlier token when a newer one is issued', async () => {
    const older = await firstRunToken();
    const newer = await firstRunToken();
    expect((await setPassword(older, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await setPassword(newer, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('signs out every existing session when the password changes', async () => {
    const before = await signInForTest(t);
    const validate = (authorization: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/validate-session', headers: { authorization } });
    expect((await validate(before.headers.authorization)).statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-setup',
      payload: { email: t.config.traderEmail },
      remoteAddress: REMOTE,
    });
    // No SMTP in this test: the latest link is in the server log, as the operator would read it.
    const link = logLines
      .map((line) => JSON.parse(line).setupLink)
      .filter(Boolean)
      .at(-1) as string;
    const token = new URL(link).searchParams.get('setup_token') ?? '';
    const reset = await setPassword(token, 'Another-Strong-Pass-99');
    expect(reset.statusCode).toBe(200);

    expect((await validate(before.headers.authorization)).statusCode).toBe(401);
    expect((await validate(`Bearer ${reset.json().session_token}`)).statusCode).toBe(200);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: t.config.traderEmail, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
  });
});
