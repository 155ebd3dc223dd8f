import os from 'node:os';
import type { Logger } from 'pino';
import { SqlLeasesRepository } from '../../storage/sql/leases-repository';
import type { SqlDatabase } from '../../storage/sql/sql-database';
import type { AppConfig } from '../config';
import { alwaysLeader, type LeadershipEngine, LeaseElector } from './lease-elector';

/**
 * Embedded SQLite on its own (the default, npm start) has nobody to elect: this instance leads.
 * LEADER_ELECTION=lease makes the instances sharing the database elect one through the lease row.
 */
export function createLeadership(
  config: AppConfig,
  db: SqlDatabase,
  now: () => number,
  logger: Logger,
): LeadershipEngine {
  const identity = config.leadership.instanceId ?? `${os.hostname()}:${process.pid}`;
  if (config.leadership.election === 'always') return alwaysLeader(identity);
  return new LeaseElector({ leases: new SqlLeasesRepository(db), identity, now, log: logger });
}
