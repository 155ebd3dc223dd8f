import fs from 'node:fs';
import path from 'node:path';

/**
 * With no SMTP_URL the setup link goes to DATA_DIR/setup-link.txt (and the server's terminal): only
 * someone who can read the server's own files can use it. The file is 0600 and lives only as long as
 * the link works.
 */
export const SETUP_LINK_FILE_NAME = 'setup-link.txt';

export const setupLinkFilePath = (dataDir: string) => path.join(dataDir, SETUP_LINK_FILE_NAME);

const EXPIRES_PREFIX = 'expires at ';

/** Writes the link and when it lapses; the previous link, now retired, is overwritten. */
export function writeSetupLinkFile(dataDir: string, link: string, expiresAt: number): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = setupLinkFilePath(dataDir);
  // Removed first: a file left by an older version may carry a wider mode that writeFile would keep.
  fs.rmSync(file, { force: true });
  const text = [
    'Open this link in a browser to set the Trading Dashboard password. It works once.',
    link,
    `${EXPIRES_PREFIX}${new Date(expiresAt).toISOString()}`,
    '',
  ].join('\n');
  fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
}

export function removeSetupLinkFile(dataDir: string): void {
  fs.rmSync(setupLinkFilePath(dataDir), { force: true });
}

/** Removes the file once its link has lapsed (or when it cannot be read as one of ours). */
export function removeLapsedSetupLinkFile(dataDir: string, now: number): void {
  let text: string;
  try {
    text = fs.readFileSync(setupLinkFilePath(dataDir), 'utf8');
  } catch {
    return;
  }
  const expiresLine = text.split('\n').find((line) => line.startsWith(EXPIRES_PREFIX)) ?? '';
  const expiresAt = Date.parse(expiresLine.slice(EXPIRES_PREFIX.length));
  if (!Number.isFinite(expiresAt) || expiresAt <= now) removeSetupLinkFile(dataDir);
}

/** The token in the link the file holds; null when there is no file. For scripts and tests on this machine. */
export function readSetupTokenFromFile(dataDir: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(setupLinkFilePath(dataDir), 'utf8');
  } catch {
    return null;
  }
  const match = text.match(/[?&]setup_token=([^&\s]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
