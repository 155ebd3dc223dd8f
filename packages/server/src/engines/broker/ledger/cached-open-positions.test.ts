import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { openDatabase } from '../../../storage/sqlite/database';
import { createTestClock } from '../../../test-support/test-clock';
import { withCachedOpenPositions } from './cached-open-positions';
import { Ledger } from './ledger';
import { chargesOf, marketOrder } from './test-support/ledger-fixture';

function fixture() {
  const db = openDatabase(':memory:');
  const clock = createTestClock();
  const storage = withCachedOpenPositions(sqlLedgerStorage(db));
  const ledger = new Ledger(storage, clock.now);
  ledger.openAccount('paper', 10_000_000);
  const buy = (symbol: string, quantity: number, pricePaise: number) =>
    ledger.placeFilledOrder(marketOrder('BUY', symbol, quantity), {
      quantity,
      pricePaise,
      charges: chargesOf(0),
      ts: clock.now(),
    });
  return { db, ledger, storage, buy };
}

describe('a backtest ledger whose open positions are read once per change', () => {
  it('shows every fill in the positions at once: a buy, another symbol, a sale that closes one', () => {
    const { db, ledger, buy } = fixture();
    expect(ledger.positions('paper')).toEqual([]);
    buy('TCS', 2, 350_000);
    expect(ledger.positions('paper')).toMatchObject([{ symbol: 'TCS', quantity: 2 }]);
    buy('INFY', 5, 150_000);
    expect(ledger.positions('paper').map((p) => [p.symbol, p.quantity])).toEqual([
      ['INFY', 5],
      ['TCS', 2],
    ]);
    ledger.placeFilledOrder(marketOrder('SELL', 'TCS', 2), {
      quantity: 2,
      pricePaise: 360_000,
      charges: chargesOf(0),
      ts: 0,
    });
    expect(ledger.positions('paper').map((p) => p.symbol)).toEqual(['INFY']);
    db.close();
  });

  it('forgets what it read inside a unit of work that rolled back', () => {
    const { db, ledger, storage, buy } = fixture();
    buy('TCS', 2, 350_000);
    expect(() =>
      storage.unitOfWork.run(() => {
        storage.ledgerRepo.addToPosition('paper', 'INFY', { quantity: 5, costPaise: 750_000, ts: 0 });
        expect(ledger.positions('paper')).toHaveLength(2);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(ledger.positions('paper').map((p) => p.symbol)).toEqual(['TCS']);
    db.close();
  });

  it('hands out positions no caller can change for the next', () => {
    const { db, ledger, buy } = fixture();
    buy('TCS', 2, 350_000);
    const [position] = ledger.positions('paper');
    expect(() => {
      (position as { quantity: number }).quantity = 99;
    }).toThrow(TypeError);
    ledger.positions('paper').pop();
    expect(ledger.positions('paper')).toMatchObject([{ symbol: 'TCS', quantity: 2 }]);
    db.close();
  });
});
