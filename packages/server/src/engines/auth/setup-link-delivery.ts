import type { SetupLinkChannel } from '@td/contracts';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import {
  removeLapsedSetupLinkFile,
  removeSetupLinkFile,
  setupLinkFilePath,
  writeSetupLinkFile,
} from './setup-link-file';
import { PRODUCT_NAME } from './sign-in-messages';

/** What setting up a password reads of the configuration: where the link points and how it travels. */
export interface SetupLinkConfig {
  /** The sign-in page the link opens, e.g. https://trader.example/login. */
  setupLinkBase: string;
  /** smtp(s):// URL; without it the link goes to DATA_DIR/setup-link.txt and the server log. */
  smtpUrl?: string;
  smtpFrom: string;
  dataDir: string;
}

/** Gets a password-setup link to the trader; rejects if it could not be handed over. */
export interface SetupLinkDelivery {
  readonly channel: SetupLinkChannel;
  deliver(to: string, link: string, expiresAt: number): Promise<void>;
  /** The link was used or retired: take away any copy this channel keeps. */
  withdraw(): void;
  /** The server is stopping: clear any timer this channel still holds. */
  stop(): void;
}

/** `<setupLinkBase>?setup_token=…`; the sign-in screen reads the token from its own URL. */
export function setupLink(config: Pick<SetupLinkConfig, 'setupLinkBase'>, token: string): string {
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
    withdraw() {},
    stop() {},
  };
}

/**
 * No SMTP_URL: the link goes where only the machine's owner looks, the server's terminal (the log
 * `npm start` shows) and a 0600 file in the data directory, never into an HTTP reply: a reverse proxy
 * on the same machine makes every visitor look local, so no request can prove it comes from the owner.
 */
function serverConsoleDelivery(dataDir: string, logger: Logger, now: () => number): SetupLinkDelivery {
  // A link from before a restart that has lapsed since is of no use to anyone.
  removeLapsedSetupLinkFile(dataDir, now());
  // The latest link's clean-up; a newer link replaces it (its file replaces the older one too).
  let lapse: ReturnType<typeof setTimeout> | null = null;
  return {
    channel: 'server-console',
    async deliver(to, link, expiresAt) {
      writeSetupLinkFile(dataDir, link, expiresAt);
      // Deliberate and the only place a secret is logged: the operator at the server's terminal is
      // the trader's only way in without mail. Set SMTP_URL to stop this.
      logger.warn(
        { to, setupLink: link, file: setupLinkFilePath(dataDir) },
        'SMTP_URL is not set: password setup link written to the server log and the data directory',
      );
      if (lapse) clearTimeout(lapse);
      lapse = setTimeout(
        () => removeLapsedSetupLinkFile(dataDir, now()),
        Math.max(0, expiresAt - now()) + 1000,
      );
      lapse.unref();
    },
    withdraw() {
      removeSetupLinkFile(dataDir);
    },
    stop() {
      if (lapse) clearTimeout(lapse);
      lapse = null;
    },
  };
}

/** Mail when SMTP is configured (spec part 1 §8 "check your email"), otherwise the server's terminal and data directory. */
export function createSetupLinkDelivery(
  config: Pick<SetupLinkConfig, 'smtpUrl' | 'smtpFrom' | 'dataDir'>,
  logger: Logger,
  now: () => number = Date.now,
): SetupLinkDelivery {
  return config.smtpUrl
    ? emailDelivery(config.smtpUrl, config.smtpFrom)
    : serverConsoleDelivery(config.dataDir, logger, now);
}
