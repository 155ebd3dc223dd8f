// One row per lease (the trading leader's is 'leader'): the instance that must run the loops, the
// feed and the timers holds it and renews it; another takes it once it has run out (decision 0033).
export const leasesMigration = {
  id: 13,
  name: 'leadership: leases with a holder and an expiry',
  sql: `
    CREATE TABLE leases (
      name TEXT PRIMARY KEY,
      holder TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
  `,
};
