import type { Db } from '../db/database';

/** The authorised user's password hash; a missing row means the first-run setup has not happened. */
export class CredentialStore {
  constructor(private readonly db: Db) {}

  passwordHash(email: string): string | null {
    const row = this.db.prepare('SELECT password_hash FROM credentials WHERE email = ?').get(email) as
      | { password_hash: string }
      | undefined;
    return row?.password_hash ?? null;
  }

  hasPassword(email: string): boolean {
    return this.passwordHash(email) !== null;
  }

  setPasswordHash(email: string, passwordHash: string, now: number): void {
    this.db
      .prepare(
        'INSERT INTO credentials (email, password_hash, updated_at) VALUES (?, ?, ?) ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at',
      )
      .run(email, passwordHash, now);
  }
}
