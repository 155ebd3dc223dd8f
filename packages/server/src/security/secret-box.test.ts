import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('round-trips a secret and never stores it in the clear', () => {
    const box = SecretBox.forTests();
    const sealed = box.seal('upstox-access-token-123');
    expect(sealed).not.toContain('upstox-access-token-123');
    expect(box.open(sealed)).toBe('upstox-access-token-123');
  });

  it('refuses a tampered box or another key', () => {
    const box = SecretBox.forTests();
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other!').toString('base64');
    expect(box.open(parts.join('.'))).toBeNull();
    expect(SecretBox.forTests().open(sealed)).toBeNull();
  });

  it('creates its key once in the data folder, readable only by the owner', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-secret-'));
    const sealed = SecretBox.fromDataDir(dir).seal('kept');
    expect(SecretBox.fromDataDir(dir).open(sealed)).toBe('kept');
    expect(fs.statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
