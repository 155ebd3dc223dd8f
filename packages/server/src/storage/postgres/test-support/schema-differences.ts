import type { SchemaShape, TableShape } from './schema-shape';

/** The PostgreSQL types a SQLite declared type may become (INTEGER: flags stay integer, the rest bigint). */
const POSTGRES_TYPES: Record<string, string[]> = {
  INTEGER: ['bigint', 'integer'],
  TEXT: ['text'],
  REAL: ['double precision'],
};

/**
 * Every way the PostgreSQL schema departs from the SQLite one, one readable line each
 * ("orders.quantity: NOT NULL in SQLite, nullable in PostgreSQL"); empty when they agree.
 * `postgresOnly` names the columns PostgreSQL adds on purpose (the explicit rowid), left out of the comparison.
 */
export function schemaDifferences(
  sqlite: SchemaShape,
  postgres: SchemaShape,
  postgresOnly: Record<string, string[]> = {},
): string[] {
  const differences: string[] = [];
  for (const table of Object.keys(sqlite)) {
    if (!postgres[table]) differences.push(`table ${table}: in SQLite, missing in PostgreSQL`);
  }
  for (const table of Object.keys(postgres)) {
    if (!sqlite[table]) differences.push(`table ${table}: in PostgreSQL, missing in SQLite`);
  }
  for (const [table, sqliteTable] of Object.entries(sqlite)) {
    const postgresTable = postgres[table];
    if (!postgresTable) continue;
    const extra = new Set(postgresOnly[table] ?? []);
    differences.push(...tableDifferences(table, sqliteTable, withoutColumns(postgresTable, extra)));
  }
  return differences;
}

function withoutColumns(table: TableShape, extra: Set<string>): TableShape {
  const mentions = (key: string) => [...extra].some((column) => new RegExp(`[(, ]${column}[,)]`).test(key));
  return {
    columns: table.columns.filter((column) => !extra.has(column.name)),
    primaryKey: table.primaryKey,
    uniqueKeys: table.uniqueKeys.filter((unique) => !mentions(unique)),
    indexes: table.indexes,
  };
}

function tableDifferences(table: string, sqlite: TableShape, postgres: TableShape): string[] {
  const differences: string[] = [];
  const pgColumns = new Map(postgres.columns.map((column) => [column.name, column]));
  const sqliteNames = new Set(sqlite.columns.map((column) => column.name));
  for (const column of sqlite.columns) {
    const pg = pgColumns.get(column.name);
    const at = `${table}.${column.name}`;
    if (!pg) {
      differences.push(`${at}: in SQLite, missing in PostgreSQL`);
      continue;
    }
    const allowed = POSTGRES_TYPES[column.type] ?? [];
    if (!allowed.includes(pg.type)) {
      differences.push(
        `${at}: ${column.type} in SQLite should be ${allowed.join(' or ') || '?'}, is ${pg.type}`,
      );
    }
    if (column.notNull !== pg.notNull) {
      const nullability = (notNull: boolean) => (notNull ? 'NOT NULL' : 'nullable');
      differences.push(
        `${at}: ${nullability(column.notNull)} in SQLite, ${nullability(pg.notNull)} in PostgreSQL`,
      );
    }
    if (column.default !== pg.default) {
      differences.push(`${at}: default ${column.default} in SQLite, ${pg.default} in PostgreSQL`);
    }
  }
  for (const column of postgres.columns) {
    if (!sqliteNames.has(column.name))
      differences.push(`${table}.${column.name}: in PostgreSQL, missing in SQLite`);
  }
  const sqliteOrder = sqlite.columns.map((column) => column.name).join(', ');
  const pgOrder = postgres.columns.map((column) => column.name).join(', ');
  if (differences.length === 0 && sqliteOrder !== pgOrder) {
    differences.push(`${table}: columns in order (${sqliteOrder}) in SQLite, (${pgOrder}) in PostgreSQL`);
  }
  if (sqlite.primaryKey.join(', ') !== postgres.primaryKey.join(', ')) {
    differences.push(
      `${table}: primary key (${sqlite.primaryKey.join(', ')}) in SQLite, (${postgres.primaryKey.join(', ')}) in PostgreSQL`,
    );
  }
  differences.push(...setDifferences(`${table}: unique key`, sqlite.uniqueKeys, postgres.uniqueKeys));
  differences.push(...setDifferences(`${table}: index`, sqlite.indexes, postgres.indexes));
  return differences;
}

function setDifferences(label: string, sqlite: string[], postgres: string[]): string[] {
  return [
    ...sqlite
      .filter((item) => !postgres.includes(item))
      .map((item) => `${label} ${item}: in SQLite, missing in PostgreSQL`),
    ...postgres
      .filter((item) => !sqlite.includes(item))
      .map((item) => `${label} ${item}: in PostgreSQL, missing in SQLite`),
  ];
}
