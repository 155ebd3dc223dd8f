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
