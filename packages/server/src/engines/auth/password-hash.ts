import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt floor for interactive logins: about 128 MiB and a few hundred ms per hash. */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 64;
const PREFIX = 'scrypt';
// scrypt needs 128·N·r bytes; Node's 32 MiB default refuses N=2^17, so allow twice what the cost needs.
const maxmemFor = (cost: ScryptCost) => Math.max(256 * 1024 * 1024, 2 * 128 * cost.N * cost.r);

function deriveKey(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: maxmemFor(cost) };
  // The async form runs on libuv's pool, so a login does not stall every other request.
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url): self-describing, so the cost can rise later without a migration. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = PRODUCTION_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, cost);
  return [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export interface ParsedPasswordHash extends ScryptCost {
  salt: Buffer;
  key: Buffer;
}

export function parsePasswordHash(stored: string): ParsedPasswordHash | null {
  const [prefix, n, r, p, salt, key, ...rest] = stored.split('$');
  if (prefix !== PREFIX || rest.length > 0 || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  return { ...cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** False for a wrong password and for a stored value this code cannot read; never throws on bad input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed || parsed.key.length !== KEY_BYTES) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed);
  return timingSafeEqual(candidate, parsed.key);
}
