import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { refuseIfOthersCanRead } from './owner-only-files';

/**
 * Encrypts secrets at rest (broker tokens) with AES-256-GCM. The key is SECRETS_KEY (base64, 32
 * bytes) or, by default, a random key created once in the data folder with owner-only permissions.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromDataDir(dataDir: string, base64Key?: string): SecretBox {
    if (base64Key) {
      const key = Buffer.from(base64Key, 'base64');
      if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded');
      return new SecretBox(key);
    }
    const file = path.join(dataDir, 'secrets.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    }
    // Anyone else who can read the key can open the broker tokens.
    refuseIfOthersCanRead(file);
    return new SecretBox(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'));
  }

  static forTests(): SecretBox {
    return new SecretBox(crypto.randomBytes(32));
  }

  seal(plaintext: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      body.toString('base64'),
    ].join('.');
  }

  /** Null when the box was sealed with another key or was tampered with. */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
