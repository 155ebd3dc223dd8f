// Two-step sign-in (decision 0036): the trader's TOTP secret (sealed with the secret box; confirmed_at
// NULL while enrolment waits for its first code), the last time step accepted (a code works once), the
// recovery codes' scrypt hashes, and the short-lived challenges between the password and the code.
export const secondFactorMigration = {
  id: 15,
  name: 'auth: TOTP second factor, recovery codes and sign-in challenges',
  sql: `
    CREATE TABLE second_factors (
      email TEXT PRIMARY KEY,
      sealed_secret TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      confirmed_at INTEGER,
      last_used_step INTEGER
    );
    CREATE TABLE recovery_codes (
      email TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      used_at INTEGER,
      PRIMARY KEY (email, code_hash)
    );
    CREATE TABLE sign_in_challenges (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );
  `,
};
