import type { SecondFactorRepository, StoredSecondFactor } from '../../core/ports/repositories/second-factor';
import type { SqlDatabase } from './sql-database';

interface SecondFactorRow {
  sealed_secret: string;
  confirmed_at: number | string | null;
  last_used_step: number | string | null;
}

// PostgreSQL's BIGINT may arrive as a string through the bridge; the rest of the code reads numbers.
const numberOrNull = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/** The tables of migration 015: second_factors, recovery_codes, sign_in_challenges. */
export class SqlSecondFactorRepository implements SecondFactorRepository {
  constructor(private readonly db: SqlDatabase) {}

  find(email: string): StoredSecondFactor | undefined {
    const row = this.db
      .prepare('SELECT sealed_secret, confirmed_at, last_used_step FROM second_factors WHERE email = ?')
      .get(email) as SecondFactorRow | undefined;
    if (!row) return undefined;
    return {
      sealedSecret: row.sealed_secret,
      confirmedAt: numberOrNull(row.confirmed_at),
      lastUsedStep: numberOrNull(row.last_used_step),
    };
  }

  savePending(email: string, sealedSecret: string, at: number): boolean {
    return (
      this.db
        .prepare(
          'INSERT INTO second_factors (email, sealed_secret, created_at) VALUES (?, ?, ?) ON CONFLICT(email) DO UPDATE SET sealed_secret = excluded.sealed_secret, created_at = excluded.created_at WHERE second_factors.confirmed_at IS NULL',
        )
        .run(email, sealedSecret, at).changes === 1
    );
  }

  confirm(email: string, step: number, at: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE second_factors SET confirmed_at = ?, last_used_step = ? WHERE email = ? AND confirmed_at IS NULL',
        )
        .run(at, step, email).changes === 1
    );
  }

  useStep(email: string, step: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE second_factors SET last_used_step = ? WHERE email = ? AND (last_used_step IS NULL OR last_used_step < ?)',
        )
        .run(step, email, step).changes === 1
    );
  }

  remove(email: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM second_factors WHERE email = ?').run(email);
      this.db.prepare('DELETE FROM recovery_codes WHERE email = ?').run(email);
      this.db.prepare('DELETE FROM sign_in_challenges WHERE email = ?').run(email);
    })();
  }

  replaceRecoveryCodes(email: string, codeHashes: readonly string[], at: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM recovery_codes WHERE email = ?').run(email);
      const insert = this.db.prepare(
        'INSERT INTO recovery_codes (email, code_hash, created_at) VALUES (?, ?, ?)',
      );
      for (const hash of codeHashes) insert.run(email, hash, at);
    })();
  }

  unusedRecoveryCodes(email: string): string[] {
    return this.db
      .prepare('SELECT code_hash FROM recovery_codes WHERE email = ? AND used_at IS NULL ORDER BY code_hash')
      .all(email)
      .map((row) => (row as { code_hash: string }).code_hash);
  }

  useRecoveryCode(email: string, codeHash: string, at: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE recovery_codes SET used_at = ? WHERE email = ? AND code_hash = ? AND used_at IS NULL',
        )
        .run(at, email, codeHash).changes === 1
    );
  }

  addChallenge(tokenHash: string, email: string, expiresAt: number, forgetBefore: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM sign_in_challenges WHERE expires_at < ?').run(forgetBefore);
      this.db
        .prepare('INSERT INTO sign_in_challenges (token_hash, email, expires_at) VALUES (?, ?, ?)')
        .run(tokenHash, email, expiresAt);
    })();
  }

  challengeEmail(tokenHash: string, at: number): string | undefined {
    const row = this.db
      .prepare(
        'SELECT email FROM sign_in_challenges WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
      )
      .get(tokenHash, at) as { email: string } | undefined;
    return row?.email;
  }

  spendChallenge(tokenHash: string, at: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE sign_in_challenges SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
        )
        .run(at, tokenHash, at).changes === 1
    );
  }
}
