import type {
  BuiltinSourceSeed,
  DataSourcesRepository,
  NewDataSource,
  StoredDataSource,
} from '../../core/ports/repositories/data-sources';
import type { SqlDatabase } from './sql-database';

/** The data_sources table (migration 009): built-ins seeded once, custom sources added by the trader. */
export class SqlDataSourcesRepository implements DataSourcesRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number,
  ) {}

  seed(builtins: readonly BuiltinSourceSeed[]): void {
    const insert = this.db.prepare(
      `INSERT INTO data_sources (id, name, type, endpoint, description, enabled, status, custom,
        api_key_required, external_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
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

  all(): StoredDataSource[] {
    return this.db
      .prepare('SELECT * FROM data_sources ORDER BY custom, created_at, id')
      .all() as StoredDataSource[];
  }

  get(id: string): StoredDataSource | undefined {
    return this.db.prepare('SELECT * FROM data_sources WHERE id = ?').get(id) as StoredDataSource | undefined;
  }

  insert(row: NewDataSource): void {
    this.db
      .prepare(
        `INSERT INTO data_sources (id, name, type, endpoint, description, enabled, status, custom, api_key_required,
          external_url, sealed_api_key, api_key_prefix, sealed_headers, header_names, created_at)
         VALUES (@id, @name, @type, @endpoint, @description, @enabled, @status, @custom, @api_key_required,
          @external_url, @sealed_api_key, @api_key_prefix, @sealed_headers, @header_names, @created_at)`,
      )
      .run({ ...row, created_at: this.now() });
  }

  update(id: string, fields: Partial<Omit<StoredDataSource, 'id' | 'custom' | 'created_at'>>): void {
    const keys = Object.keys(fields);
    if (keys.length === 0) return;
    this.db
      .prepare(`UPDATE data_sources SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`)
      .run({ ...fields, id });
  }
}
