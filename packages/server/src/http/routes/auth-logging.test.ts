import { readSetupTokenFromFile } from '../../engines/auth/setup-link-file';
import { buildTestApp, type TestApp } from '../../test-support';

const PASSWORD = 'Log-Secret-Password-77';
const WRONG_PASSWORD = 'Wrong-Secret-Password-88';

describe('sign-in logging', () => {
  let t: TestApp;
  let output: string;

  beforeEach(async () => {
    output = '';
    // Trace level records everything anyone logs.
    t = await buildTestApp({
      config: { env: 'development', logLevel: 'trace' },
      logStream: { write: (line: string) => (output += line) },
    });
  });
  afterEach(() => t.close());

  const post = (url: string, payload?: object, authorization?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: authorization ? { authorization } : {} });

  it('never writes a password, setup token or session token to the log', async () => {
    await post('/api/auth/request-password-setup', { email: t.config.traderEmail });
    const tempToken = readSetupTokenFromFile(t.config.dataDir) ?? '';
    const first = await post('/api/auth/set-password', { temp_token: tempToken, new_password: PASSWORD });
    const firstSession: string = first.json().session_token;
    await post('/api/auth/set-password', { temp_token: tempToken, new_password: PASSWORD });
    await post('/api/auth/login', { email: t.config.traderEmail, password: WRONG_PASSWORD });
    await post('/api/auth/login', { email: 'other@elsewhere.test', password: WRONG_PASSWORD });
    const second = await post('/api/auth/login', { email: t.config.traderEmail, password: PASSWORD });
    const secondSession: string = second.json().session_token;
    await post('/api/auth/validate-session', undefined, `Bearer ${secondSession}`);
    await t.app.inject({
      method: 'GET',
      url: '/api/trading/mode',
      headers: { authorization: `Bearer ${firstSession}` },
    });
    await post('/api/auth/logout', undefined, `Bearer ${secondSession}`);
    await post('/api/auth/validate-session', undefined, `Bearer ${secondSession}`);

    // A line for each of the 10 requests, and what the sign-in code logs besides.
    expect(output.split('\n').filter((line) => line.includes('"msg":"request"')).length).toBe(10);
    expect(output).toContain('sign-in failed');
    // The setup link is the one secret logged on purpose (no SMTP here); the token appears only inside it.
    const withoutSetupLink = output.replaceAll(`setup_token=${tempToken}`, 'setup_token=…');
    for (const secret of [PASSWORD, WRONG_PASSWORD, tempToken, firstSession, secondSession]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(withoutSetupLink).not.toContain(secret);
    }
    expect(output).not.toMatch(/authorization/i);
  });

  it('logs the setup link, by design, only when it cannot be mailed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-setup',
      payload: { email: t.config.traderEmail },
      remoteAddress: '203.0.113.5',
    });
    expect(response.json()).not.toHaveProperty('temp_token');
    const warnings = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.level === 40 && entry.setupLink);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/SMTP_URL is not set/);
  });
});
