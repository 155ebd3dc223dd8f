// PostgreSQL form of sqlite/migrations/015-second-factor.ts.
export const secondFactorMigration = {
  id: 15,
  name: 'auth: TOTP second factor, recovery codes and sign-in challenges',
  sql: `
    CREATE TABLE second_factors (
      email TEXT PRIMARY KEY,
      sealed_secret TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      confirmed_at BIGINT,
      last_used_step BIGINT
    );
    CREATE TABLE recovery_codes (
      email TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      used_at BIGINT,
      PRIMARY KEY (email, code_hash)
    );
    CREATE TABLE sign_in_challenges (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    );
  `,
};
