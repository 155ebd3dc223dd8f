import fs from 'node:fs';
import path from 'node:path';

/** Windows has no Unix mode bits to set or check. */
const HAS_MODE_BITS = process.platform !== 'win32';

/** Files that hold a credential: a wider mode is refused, not repaired, since the secret may have leaked. */
export const CREDENTIAL_FILES = ['secrets.key', 'ops.token'] as const;

const octal = (mode: number) => mode.toString(8).padStart(4, '0');

/**
 * A credential file must be the owner's alone (0600 or narrower): anyone else who can read it holds
 * the credential. Throws a sentence naming the file and the chmod to run.
 */
export function refuseIfOthersCanRead(file: string): void {
  if (!HAS_MODE_BITS) return;
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  throw new Error(
    `${file} is readable or writable by other users (permissions ${octal(mode)}); ` +
      `the server will not start with it. Run: chmod 600 ${file}`,
  );
}

/**
 * The data directory holds the password hash, every order and the broker's sealed tokens: it is
 * made 0700 and every file directly in it 0600 (releases/ is then out of other users' reach through
 * the directory). Installs from before this rule had 0755 and 0644: tightened here, at each start.
 * Credential files are left to refuseIfOthersCanRead. Returns what was tightened, for the log.
 */
export function secureDataDir(dataDir: string): string[] {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!HAS_MODE_BITS) return [];
  const tightened: string[] = [];
  const tighten = (target: string, mode: number) => {
    const current = fs.statSync(target).mode & 0o777;
    if ((current & 0o077) === 0) return;
    fs.chmodSync(target, current & mode);
    tightened.push(`${target} (was ${octal(current)})`);
  };
  tighten(dataDir, 0o700);
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isFile() || (CREDENTIAL_FILES as readonly string[]).includes(entry.name)) continue;
    tighten(path.join(dataDir, entry.name), 0o600);
  }
  return tightened;
}
