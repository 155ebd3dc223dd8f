import { openDatabase } from '../../db/database';
import { PAPER_STARTING_BALANCE_PAISE } from '../broker-types';
import { Ledger } from '../ledger';
import { OrderDesk } from './order-desk';

describe('OrderDesk group commit', () => {
  it('commits a burst together and acknowledges each order with its own outcome', async () => {
    const db = openDatabase(':memory:');
    const ledger = new Ledger(db);
    ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
    const desk = new OrderDesk(db, (request) => {
      if (request.quantity > 100) throw new Error('too many');
      return ledger.placeOrder(request, 'PENDING');
    });
    const request = {
      account: 'paper' as const,
      symbol: 'TCS',
      side: 'BUY' as const,
      type: 'LIMIT' as const,
      limitPrice: 100,
      strategy: 'manual',
    };
    const results = await Promise.allSettled([
      desk.submit({ ...request, quantity: 1 }),
      desk.submit({ ...request, quantity: 1000 }),
      desk.submit({ ...request, quantity: 2 }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The failed order's savepoint rolled back alone; the other two are stored.
    expect(ledger.orders({ account: 'paper', limit: 10, offset: 0 }).total).toBe(2);
    db.close();
  });
});
