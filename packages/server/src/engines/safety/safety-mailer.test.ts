import { Writable } from 'node:stream';
import pino from 'pino';
import { SafetyMailer } from './safety-mailer';

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('alert e-mails', () => {
  it('sends through the transport from the configured sender', async () => {
    const sent: unknown[] = [];
    const { logger } = capturedLogger();
    const mailer = new SafetyMailer({ sendMail: async (m) => sent.push(m) }, 'bot@desk.test', logger);
    expect(await mailer.send({ to: 'me@desk.test', subject: 'Trading alert: x', text: 'y' })).toBe(true);
    expect(sent).toEqual([
      { to: 'me@desk.test', subject: 'Trading alert: x', text: 'y', from: 'bot@desk.test' },
    ]);
  });

  it('without SMTP_URL logs that it would send, with the address and subject only', async () => {
    const { logger, lines } = capturedLogger();
    const mailer = SafetyMailer.fromConfig({ smtpFrom: 'bot@desk.test' }, logger);
    expect(
      await mailer.send({ to: 'me@desk.test', subject: 'Trading alert: x', text: 'secret-ish body' }),
    ).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({
        to: 'me@desk.test',
        subject: 'Trading alert: x',
        msg: expect.stringMatching(/would send/),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-ish body');
  });

  it('never throws when the mail server fails: the failure is logged', async () => {
    const { logger, lines } = capturedLogger();
    const mailer = new SafetyMailer(
      { sendMail: async () => Promise.reject(new Error('550 no')) },
      'bot@desk.test',
      logger,
    );
    expect(await mailer.send({ to: 'me@desk.test', subject: 's', text: 't' })).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({ msg: 'could not send an alert e-mail' });
  });
});
