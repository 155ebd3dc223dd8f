import { SyncPg } from '../packages/server/src/storage/postgres/sync-pg';
test('round trip', () => {
  const pg = new SyncPg('postgres://postgres@127.0.0.1:55432/postgres');
  const t0 = performance.now();
  expect(pg.query('SELECT $1::bigint + 1 AS n, now() AS t', [41]).rows[0].n).toBe(42);
  const t1 = performance.now();
  for (let i = 0; i < 1000; i++) pg.query('SELECT 1');
  console.log('first', t1 - t0, 'per query', (performance.now() - t1) / 1000);
  expect(() => pg.query('SELEC 1')).toThrow(/syntax/);
  pg.close();
});
