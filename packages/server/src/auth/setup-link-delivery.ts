import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import { PRODUCT_NAME } from './sign-in-messages';

/** Gets a password-setup link to the trader; rejects if it could not be handed over. */
export interface SetupLinkDelivery {
  readonly channel: 'email' | 'server-log';
  deliver(to: string, link: string): Promise<void>;
}

/** `<setupLinkBase>?setup_token=…`; the sign-in screen reads the token from its own URL. */
export function setupLink(config: Pick<AppConfig, 'setupLinkBase'>, token: string): string {
  const separator = config.setupLinkBase.includes('?') ? '&' : '?';
  return `${config.setupLinkBase}${separator}setup_token=${encodeURIComponent(token)}`;
}

function emailDelivery(smtpUrl: string, from: string): SetupLinkDelivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    channel: 'email',
    async deliver(to, link) {
      await transport.sendMail({
        from,
        to,
        subject: `Set your ${PRODUCT_NAME} password`,
        text: [
          `Someone (hopefully you) asked to set the password for ${PRODUCT_NAME}.`,
          '',
          `Open this link within 15 minutes to choose a new password. It works once:`,
          link,
          '',
          'If you did not ask for this, ignore this message; your current password keeps working.',
        ].join('\n'),
      });
    },
  };
}

function serverLogDelivery(logger: Logger): SetupLinkDelivery {
  return {
    channel: 'server-log',
    async deliver(to, link) {
      // Deliberate and the only place a secret is logged: with no SMTP_URL configured, the operator
      // at the server's console is the only way to reach the trader. Set SMTP_URL to stop this.
      logger.warn(
        { to, setupLink: link },
        'SMTP_URL is not set: password setup link written to the server log',
      );
    },
  };
}

/** Mail when SMTP is configured, otherwise the server log (spec part 1 §8 "check your email"). */
export function createSetupLinkDelivery(
  config: Pick<AppConfig, 'smtpUrl' | 'smtpFrom'>,
  logger: Logger,
): SetupLinkDelivery {
  return config.smtpUrl ? emailDelivery(config.smtpUrl, config.smtpFrom) : serverLogDelivery(logger);
}
