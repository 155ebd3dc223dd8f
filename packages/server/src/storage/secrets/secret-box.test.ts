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

  it('refuses to start with a key file other users can read, naming the file and the chmod to run', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-secret-'));
    const file = path.join(dir, 'secrets.key');
    SecretBox.fromDataDir(dir);
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      fs.chmodSync(file, mode);
      expect(() => SecretBox.fromDataDir(dir)).toThrow(
        `${file} is readable or writable by other users (permissions 0${mode.toString(8)}); the server will not start with it. Run: chmod 600 ${file}`,
      );
    }
    fs.chmodSync(file, 0o400);
    expect(() => SecretBox.fromDataDir(dir)).not.toThrow();
    fs.rmSync(dir, { recursive: true });
  });

  it('takes SECRETS_KEY instead of any file, so the key can live outside the data folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-secret-'));
    const key = Buffer.alloc(32, 7).toString('base64');
    const sealed = SecretBox.fromDataDir(dir, key).seal('kept');
    expect(fs.existsSync(path.join(dir, 'secrets.key'))).toBe(false);
    expect(SecretBox.fromDataDir(dir).open(sealed)).toBeNull(); // the data folder alone cannot open it
    expect(SecretBox.fromDataDir(dir, key).open(sealed)).toBe('kept');
    fs.rmSync(dir, { recursive: true });
  });
});
