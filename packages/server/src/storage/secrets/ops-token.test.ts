import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOpsToken, opsTokenFile, opsTokenMatches, readOpsToken } from './ops-token';

describe('ops token', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-ops-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is created once in the data folder, random and readable only by the owner', () => {
    expect(readOpsToken(dir)).toBeNull();
    const token = loadOpsToken(dir);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(loadOpsToken(dir)).toBe(token);
    expect(readOpsToken(dir)).toBe(token);
    expect(fs.statSync(opsTokenFile(dir)).mode & 0o777).toBe(0o600);
  });

  it('refuses a token file other users can read, as secrets.key is refused, naming the chmod to run', () => {
    const token = loadOpsToken(dir);
    const file = opsTokenFile(dir);
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      fs.chmodSync(file, mode);
      expect(() => loadOpsToken(dir)).toThrow(
        `${file} is readable or writable by other users (permissions 0${mode.toString(8)}); the server will not start with it. Run: chmod 600 ${file}`,
      );
    }
    fs.chmodSync(file, 0o400);
    expect(loadOpsToken(dir)).toBe(token);
  });

  it('comes from OPS_TOKEN when set, and then writes no file', () => {
    const configured = 'o'.repeat(40);
    expect(loadOpsToken(dir, configured)).toBe(configured);
    expect(readOpsToken(dir, configured)).toBe(configured);
    expect(fs.existsSync(opsTokenFile(dir))).toBe(false);
  });

  it('matches only the exact token', () => {
    const token = loadOpsToken(dir);
    expect(opsTokenMatches(token, token)).toBe(true);
    for (const wrong of [undefined, '', `${token}x`, token.slice(1), ['a'], 'x'.repeat(300)])
      expect(opsTokenMatches(token, wrong)).toBe(false);
  });
});
