import { schemaDifferences } from './schema-differences';
import type { TableShape } from './schema-shape';

const orders = (overrides: Partial<TableShape> = {}): TableShape => ({
  columns: [
    { name: 'id', type: 'TEXT', notNull: true, default: null },
    { name: 'quantity', type: 'INTEGER', notNull: true, default: null },
    { name: 'product', type: 'TEXT', notNull: true, default: "'D'" },
  ],
  primaryKey: ['id'],
  uniqueKeys: [],
  indexes: ['orders_pending'],
  ...overrides,
});

const asPostgres = (table: TableShape): TableShape => ({
  ...table,
  columns: table.columns.map((column) => ({
    ...column,
    type: { TEXT: 'text', INTEGER: 'bigint', REAL: 'double precision' }[column.type] ?? column.type,
  })),
});

describe('schemaDifferences', () => {
  it('finds none when the tables agree through the type mapping', () => {
    expect(schemaDifferences({ orders: orders() }, { orders: asPostgres(orders()) })).toEqual([]);
  });

  it('names the table and column that is missing, mistyped or differently nullable', () => {
    const pg = asPostgres(orders());
    pg.columns = [
      { name: 'id', type: 'text', notNull: false, default: null },
      { name: 'quantity', type: 'text', notNull: true, default: null },
    ];
    expect(schemaDifferences({ orders: orders() }, { orders: pg })).toEqual([
      'orders.id: NOT NULL in SQLite, nullable in PostgreSQL',
      'orders.quantity: INTEGER in SQLite should be bigint or integer, is text',
      'orders.product: in SQLite, missing in PostgreSQL',
    ]);
  });

  it('names missing tables, keys and indexes', () => {
    const pg = asPostgres(orders({ primaryKey: [], uniqueKeys: ['(quantity)'], indexes: [] }));
    expect(schemaDifferences({ orders: orders(), fills: orders() }, { orders: pg })).toEqual([
      'table fills: in SQLite, missing in PostgreSQL',
      'orders: primary key (id) in SQLite, () in PostgreSQL',
      'orders: unique key (quantity): in PostgreSQL, missing in SQLite',
      'orders: index orders_pending: in SQLite, missing in PostgreSQL',
    ]);
  });

  it('ignores the columns PostgreSQL adds on purpose, and their unique keys', () => {
    const pg = asPostgres(orders());
    pg.columns = [{ name: 'rowid', type: 'bigint', notNull: true, default: null }, ...pg.columns];
    pg.uniqueKeys = ['(rowid)'];
    expect(schemaDifferences({ orders: orders() }, { orders: pg }, { orders: ['rowid'] })).toEqual([]);
    expect(schemaDifferences({ orders: orders() }, { orders: pg })).toEqual([
      'orders.rowid: in PostgreSQL, missing in SQLite',
      'orders: unique key (rowid): in PostgreSQL, missing in SQLite',
    ]);
  });

  it('reports columns in a different order once the sets agree', () => {
    const pg = asPostgres(orders());
    pg.columns = [...pg.columns].reverse();
    expect(schemaDifferences({ orders: orders() }, { orders: pg })).toEqual([
      'orders: columns in order (id, quantity, product) in SQLite, (product, quantity, id) in PostgreSQL',
    ]);
  });
});
