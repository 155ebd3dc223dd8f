import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuplicateIdempotencyKeyError } from '../../core/idempotency';
import { openDatabase } from '../sqlite/database';
import { SqlLedgerRepository } from './ledger-repository';
import { SqlOrdersRepository } from './orders-repository';
import { openRepositories, order, T0 } from './test-support/repository-fixture';

describe('idempotency keys in the orders repository', () => {
  it('stores the key with the order and finds the order by account and key', () => {
    const { orders } = openRepositories();
    const keyed = order('o1', { idempotencyKey: 'click-1' });
    orders.insert(keyed);
    expect(orders.order('o1')).toEqual(keyed);
    expect(orders.order('o1')?.idempotencyKey).toBe('click-1');
    expect(orders.orderByKey('paper', 'click-1')?.id).toBe('o1');
    expect(orders.orderByKey('paper', 'click-2')).toBeUndefined();
    expect(orders.orderByKey('live', 'click-1')).toBeUndefined();
  });

  it('refuses a second order under the same key in the same account and writes nothing', () => {
    const { orders } = openRepositories();
    orders.insert(order('o1', { idempotencyKey: 'click-1' }));
    const second = () => orders.insert(order('o2', { idempotencyKey: 'click-1', quantity: 99 }, T0 + 1));
    expect(second).toThrow(DuplicateIdempotencyKeyError);
    expect(second).toThrow(/paper account already holds an order under idempotency key click-1/);
    expect(orders.order('o2')).toBeUndefined();
    expect(orders.page({ account: 'paper', limit: 10, offset: 0 }).total).toBe(1);
  });

  it('scopes a key to its account, and lets any number of orders go without one', () => {
    const { ledger, orders } = openRepositories();
    ledger.ensureLiveAccount(T0);
    orders.insert(order('p1', { idempotencyKey: 'same' }));
    orders.insert(order('l1', { account: 'live', idempotencyKey: 'same' }));
    orders.insert(order('n1'));
    orders.insert(order('n2', {}, T0 + 1));
    expect(orders.orderByKey('paper', 'same')?.id).toBe('p1');
    expect(orders.orderByKey('live', 'same')?.id).toBe('l1');
    expect(orders.order('n2')).not.toHaveProperty('idempotencyKey');
  });

  it('holds across two connections to one file: the unique index, not a read, decides', () => {
    // Two connections stand in for two instances sharing a database; both looked and found nothing.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-idempotency-'));
    const file = path.join(dir, 'trading.db');
    const a = openDatabase(file);
    const b = openDatabase(file);
    try {
      new SqlLedgerRepository(a).createAccount('paper', T0);
      const [ordersA, ordersB] = [new SqlOrdersRepository(a), new SqlOrdersRepository(b)];
      expect(ordersA.orderByKey('paper', 'race')).toBeUndefined();
      expect(ordersB.orderByKey('paper', 'race')).toBeUndefined();
      ordersA.insert(order('oA', { idempotencyKey: 'race' }));
      expect(() => ordersB.insert(order('oB', { idempotencyKey: 'race' }))).toThrow(
        DuplicateIdempotencyKeyError,
      );
      expect(ordersB.orderByKey('paper', 'race')?.id).toBe('oA');
      // A primary-key clash without a key is still an error of its own, not taken for a duplicate key.
      expect(() => ordersB.insert(order('oA'))).toThrow(/UNIQUE constraint failed: orders.id/);
    } finally {
      a.close();
      b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
