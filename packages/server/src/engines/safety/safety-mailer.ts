import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** An alert e-mail; `kind` decides which notification setting lets it through. */
export interface SafetyEmail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail; the fake in tests records them. */
export interface MailTransport {
  sendMail(message: SafetyEmail & { from: string }): Promise<unknown>;
}

/**
 * The alert e-mails through the same SMTP_URL as the password-setup link; without SMTP_URL each one
 * is logged as "would send" (address and subject only: no secret is ever in these mails or lines).
 */
export class SafetyMailer {
  constructor(
    private readonly transport: MailTransport | null,
    private readonly from: string,
    private readonly logger: Logger,
  ) {}

  static fromConfig(config: { smtpUrl?: string; smtpFrom: string }, logger: Logger): SafetyMailer {
    const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
    return new SafetyMailer(transport, config.smtpFrom, logger);
  }

  /** Never throws: a failed send is logged, and trading safety never waits on the mail server. */
  async send(email: SafetyEmail): Promise<boolean> {
    if (!this.transport) {
      this.logger.warn(
        { to: email.to, subject: email.subject },
        'SMTP_URL is not set: would send this alert e-mail',
      );
      return false;
    }
    try {
      await this.transport.sendMail({ ...email, from: this.from });
      return true;
    } catch (error) {
      this.logger.error({ err: error, subject: email.subject }, 'could not send an alert e-mail');
      return false;
    }
  }
}
