import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { refuseIfOthersCanRead } from './owner-only-files';

/** The header an ops call carries its token in; CORS does not allow it, so a browser page cannot send it. */
export const OPS_TOKEN_HEADER = 'x-ops-token';

export const opsTokenFile = (dataDir: string) => path.join(dataDir, 'ops.token');

/**
 * The ops credential that registry writes need (a browser session is not enough): OPS_TOKEN, or by
 * default a random token created once in the data folder, readable only by its owner. A token file
 * other users can read is refused, as secrets.key is: whoever read it can swap the dashboard's code.
 */
export function loadOpsToken(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = opsTokenFile(dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it between the check and the write: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  refuseIfOthersCanRead(file);
  return fs.readFileSync(file, 'utf8').trim();
}

/** What an ops tool (`pnpm remote:use`) sends: OPS_TOKEN, or the server's token file; null when neither exists. */
export function readOpsToken(dataDir: string, configured?: string): string | null {
  if (configured) return configured;
  try {
    return fs.readFileSync(opsTokenFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Compares in constant time (over digests, so the length of the token does not leak either). */
export function opsTokenMatches(expected: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 256) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(expected), digest(presented));
}
