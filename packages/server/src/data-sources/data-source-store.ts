import type { DataSourceStatus, DataSourceType } from '@td/contracts';
import type { Db } from '../db/database';
import type { BuiltinSource } from './builtin-sources';

export interface DataSourceRow {
  id: string;
  name: string;
  type: DataSourceType;
  endpoint: string;
  description: string;
  enabled: number;
  status: DataSourceStatus;
  custom: number;
  api_key_required: number;
  external_url: string | null;
  sealed_api_key: string | null;
  api_key_prefix: string | null;
  sealed_headers: string | null;
  header_names: string;
  last_updated: number | null;
  latency_ms: number | null;
  last_error: string | null;
  created_at: number;
}

export type NewRow = Omit<DataSourceRow, 'created_at' | 'last_updated' | 'latency_ms' | 'last_error'>;

/** The data_sources table (migration 009): built-ins seeded once, custom sources added by the trader. */
export class DataSourceStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  seed(builtins: BuiltinSource[]): void {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO data_sources (id, name, type, endpoint, description, enabled, status, custom,
        api_key_required, external_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
    );
    // Names, endpoints and descriptions follow the code; only the on/off state and checks are the trader's.
    const update = this.db.prepare(
      'UPDATE data_sources SET name = ?, type = ?, endpoint = ?, description = ?, api_key_required = ?, external_url = ? WHERE id = ? AND custom = 0',
    );
    this.db.transaction(() => {
      for (const s of builtins) {
        const flags = [s.apiKeyRequired ? 1 : 0, s.externalUrl] as const;
        insert.run(
          s.id,
          s.name,
          s.type,
          s.endpoint,
          s.description,
          s.enabledByDefault ? 1 : 0,
          s.enabledByDefault ? 'available' : 'disabled',
          ...flags,
          this.now(),
        );
        update.run(s.name, s.type, s.endpoint, s.description, ...flags, s.id);
      }
    })();
  }

  all(): DataSourceRow[] {
    return this.db
      .prepare('SELECT * FROM data_sources ORDER BY custom, created_at, id')
      .all() as DataSourceRow[];
  }

  get(id: string): DataSourceRow | undefined {
    return this.db.prepare('SELECT * FROM data_sources WHERE id = ?').get(id) as DataSourceRow | undefined;
  }

  insert(row: NewRow): void {
    this.db
      .prepare(
        `INSERT INTO data_sources (id, name, type, endpoint, description, enabled, status, custom, api_key_required,
          external_url, sealed_api_key, api_key_prefix, sealed_headers, header_names, created_at)
         VALUES (@id, @name, @type, @endpoint, @description, @enabled, @status, @custom, @api_key_required,
          @external_url, @sealed_api_key, @api_key_prefix, @sealed_headers, @header_names, @created_at)`,
      )
      .run({ ...row, created_at: this.now() });
  }

  update(id: string, fields: Partial<Omit<DataSourceRow, 'id' | 'custom' | 'created_at'>>): void {
    const keys = Object.keys(fields);
    if (keys.length === 0) return;
    this.db
      .prepare(`UPDATE data_sources SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`)
      .run({ ...fields, id });
  }
}
