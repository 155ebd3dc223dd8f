import type { Client } from 'pg';
import type { Db } from '../../sqlite/database';

/** What the parity test compares of one table, read back from a migrated database's catalogue. */
export interface TableShape {
  columns: ColumnShape[];
  primaryKey: string[];
  /** Each unique key (constraint or unique index) as "(a, b)", "(a, b) partial" when it has a WHERE. */
  uniqueKeys: string[];
  /** Indexes created by name (CREATE INDEX), not the ones a key or constraint makes implicitly. */
  indexes: string[];
}

export interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  /** The default as written, without PostgreSQL's casts ('D'::text reads 'D'). */
  default: string | null;
}

export type SchemaShape = Record<string, TableShape>;

const key = (columns: string[], partial: boolean) => `(${columns.join(', ')})${partial ? ' partial' : ''}`;

export function readSqliteShape(db: Db): SchemaShape {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const shape: SchemaShape = {};
  for (const { name: table } of tables) {
    const info = db.prepare(`PRAGMA table_info(${table})`).all() as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const indexList = db.prepare(`PRAGMA index_list(${table})`).all() as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    const indexColumns = (index: string) =>
      (db.prepare(`PRAGMA index_info(${index})`).all() as { name: string }[]).map((column) => column.name);
    shape[table] = {
      columns: info.map((column) => ({
        name: column.name,
        type: column.type.toUpperCase(),
        // A SQLite primary key admits NULL unless declared NOT NULL; PostgreSQL's never does, and no row holds one.
        notNull: column.notnull === 1 || column.pk > 0,
        default: column.dflt_value,
      })),
      primaryKey: info
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      uniqueKeys: indexList
        .filter((index) => index.unique === 1 && index.origin !== 'pk')
        .map((index) => key(indexColumns(index.name), index.partial === 1))
        .sort(),
      indexes: (
        db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
          .all(table) as { name: string }[]
      )
        .map((index) => index.name)
        .sort(),
    };
  }
  return shape;
}

export async function readPostgresShape(client: Pick<Client, 'query'>): Promise<SchemaShape> {
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const indexes = await client.query<{
    table_name: string;
    index_name: string;
    is_primary: boolean;
    is_unique: boolean;
    is_partial: boolean;
    from_constraint: boolean;
    columns: string[];
  }>(
    `SELECT t.relname AS table_name, ic.relname AS index_name, i.indisprimary AS is_primary,
            i.indisunique AS is_unique, i.indpred IS NOT NULL AS is_partial,
            EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid) AS from_constraint,
            array(SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_class ic ON ic.oid = i.indexrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r'`,
  );
  const shape: SchemaShape = {};
  for (const column of columns.rows) {
    const table = shape[column.table_name] ?? { columns: [], primaryKey: [], uniqueKeys: [], indexes: [] };
    shape[column.table_name] = table;
    table.columns.push({
      name: column.column_name,
      type: column.data_type,
      notNull: column.is_nullable === 'NO',
      default: column.column_default?.replace(/::[a-z ]+$/, '') ?? null,
    });
  }
  for (const index of indexes.rows) {
    const table = shape[index.table_name];
    if (!table) continue;
    if (index.is_primary) table.primaryKey = index.columns;
    else if (index.is_unique) table.uniqueKeys.push(key(index.columns, index.is_partial));
    if (!index.from_constraint) table.indexes.push(index.index_name);
  }
  for (const table of Object.values(shape)) {
    table.uniqueKeys.sort();
    table.indexes.sort();
  }
  return shape;
}
