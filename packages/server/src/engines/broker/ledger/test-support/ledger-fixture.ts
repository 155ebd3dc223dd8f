import type { Charges, OrderRequest } from '../../../../core/orders';
import { sqlLedgerStorage } from '../../../../storage/sql/ledger-storage';
import { type Db, openDatabase } from '../../../../storage/sqlite/database';
import { createTestClock, type TestClock } from '../../../../test-support/test-clock';
import { Ledger } from '../ledger';

export interface LedgerFixture {
  db: Db;
  ledger: Ledger;
  clock: TestClock;
}

/** An in-memory database with every migration, and a ledger on a hand-moved clock. */
export function createLedgerFixture(): LedgerFixture {
  const db = openDatabase(':memory:');
  const clock = createTestClock();
  return { db, clock, ledger: new Ledger(sqlLedgerStorage(db), clock.now) };
}

/** A contract note whose lines add up: brokerage takes what the other lines leave. */
export function chargesOf(total: number, parts: Partial<Omit<Charges, 'total' | 'brokerage'>> = {}): Charges {
  const others = { stt: 0, exchangeTransaction: 0, sebiFee: 0, gst: 0, stampDuty: 0, ...parts };
  const rest = others.stt + others.exchangeTransaction + others.sebiFee + others.gst + others.stampDuty;
  return { brokerage: total - rest, ...others, total };
}

export function marketOrder(side: OrderRequest['side'], symbol: string, quantity: number): OrderRequest {
  return { account: 'paper', symbol, side, type: 'MARKET', quantity, strategy: 'manual' };
}

/** Places a market order and fills it whole at one price. */
export function trade(
  { ledger, clock }: LedgerFixture,
  side: OrderRequest['side'],
  symbol: string,
  quantity: number,
  pricePaise: number,
  chargesPaise = 0,
) {
  const order = ledger.placeOrder(marketOrder(side, symbol, quantity));
  ledger.recordFill({
    orderId: order.id,
    quantity,
    pricePaise,
    charges: chargesOf(chargesPaise),
    ts: clock.now(),
  });
  return ledger.order(order.id)!;
}
