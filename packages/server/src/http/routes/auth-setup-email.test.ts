import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { setupLinkFilePath } from '../../engines/auth/setup-link-file';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test-support';
import { scalar } from '../../test-support/databases';

interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps every message it is given. */
async function startSmtpCapture(): Promise<{ port: number; mails: CapturedMail[]; stop(): Promise<void> }> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable soft line breaks (`=\r\n`) can split a long link; join them before searching. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('password setup by email', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;

  beforeEach(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterEach(async () => {
    await t.close();
    await smtp.stop();
  });

  it('mails a working single-use link to the authorised address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-setup',
      payload: { email: t.config.traderEmail },
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Password setup instructions sent! Please check your email.',
      sent_to: 'email',
    });

    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail?.to).toEqual([t.config.traderEmail]);
    const body = unfold(mail?.raw ?? '');
    const match = body.match(/\?setup_token=([A-Za-z0-9_-]{43})/);
    expect(body).toContain(t.config.setupLinkBase);
    const token = match?.[1] ?? '';

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { temp_token: token, new_password: TEST_PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe('Password set successfully! Logging you in...');
  });

  it('mails on first run from loopback too, and leaves no link file on disk', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-setup',
      payload: { email: t.config.traderEmail },
    });
    expect(response.json()).not.toHaveProperty('temp_token');
    expect(smtp.mails).toHaveLength(1);
    expect(fs.existsSync(setupLinkFilePath(t.config.dataDir))).toBe(false);
  });

  it('answers 502 with the spec sentence when the mail server is down', async () => {
    await smtp.stop();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-setup',
      payload: { email: t.config.traderEmail },
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('Failed to send password setup instructions');
    expect(scalar(t.services.db, 'SELECT COUNT(*) FROM setup_tokens WHERE used_at IS NULL')).toBe(0);
  });
});
