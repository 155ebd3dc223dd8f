// Secrets (session and setup tokens) are stored only as SHA-256 hashes: a copy of this file signs no one in.
export const authMigration = {
  id: 1,
  name: 'auth',
  sql: `
    CREATE TABLE credentials (
      email TEXT PRIMARY KEY,
      password_hash TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      revoked_at INTEGER
    );
    CREATE INDEX sessions_email ON sessions(email);
    CREATE INDEX sessions_expires_at ON sessions(expires_at);
    CREATE TABLE setup_tokens (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );
    CREATE TABLE login_failures (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      email TEXT NOT NULL,
      ip TEXT NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX login_failures_email_at ON login_failures(email, at);
    CREATE INDEX login_failures_ip_at ON login_failures(ip, at);
    CREATE INDEX login_failures_at ON login_failures(at);
    CREATE TABLE password_setup_requests (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ip TEXT NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX password_setup_requests_ip_at ON password_setup_requests(ip, at);
  `,
};
