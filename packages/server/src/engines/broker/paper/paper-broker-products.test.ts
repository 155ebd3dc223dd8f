import { DEFAULT_PAPER_LIMITS, type OrderRequest, PAPER_STARTING_BALANCE_PAISE } from '../../../core/orders';
import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { openDatabase } from '../../../storage/sqlite/database';
import { Ledger } from '../ledger';
import { brokenInvariants } from '../ledger/test-support/ledger-invariants';
import { PaperBroker, type PaperMarket } from './paper-broker';

const ist = (wallTime: string) => Date.parse(`${wallTime}+05:30`);
const PRICE = 250_000; // ₹2,500: the decision record's worked example

/** A paper broker over an in-memory ledger, TCS at ₹2,500 with no book (last price, no impact worth a paisa). */
function paperDesk(start: string) {
  let now = ist(start);
  const db = openDatabase(':memory:');
  const ledger = new Ledger(sqlLedgerStorage(db), () => now);
  ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
  ledger.setLimits('paper', { ...DEFAULT_PAPER_LIMITS, max_position_size: 1e9, max_portfolio_exposure: 1 });
  const market: PaperMarket = {
    lastPrice: () => PRICE,
    book: () => ({ bids: [{ price: PRICE, quantity: 1e6 }], asks: [{ price: PRICE, quantity: 1e6 }] }),
    typicalMinuteVolume: () => 1e9,
    isKnownSymbol: () => true,
  };
  const broker = new PaperBroker(sqlLedgerStorage(db).unitOfWork, ledger, market, undefined, () => now);
  const order = (side: OrderRequest['side'], product?: OrderRequest['product']) =>
    broker.submit({
      account: 'paper',
      symbol: 'TCS',
      side,
      type: 'MARKET',
      quantity: 100,
      strategy: 'e2e',
      product,
    });
  return { db, ledger, order, at: (wallTime: string) => (now = ist(wallTime)) };
}

describe('the paper broker charges each fill as its product', () => {
  it('keeps an intraday round trip intraday: ₹135.32, product I on the orders and fills', () => {
    const desk = paperDesk('2026-01-27T10:00:00');
    const buy = desk.order('BUY', 'I');
    desk.at('2026-01-27T14:00:00');
    const sell = desk.order('SELL', 'I');
    expect([buy.status, sell.status]).toEqual(['FILLED', 'FILLED']);
    expect([buy.product, sell.product]).toEqual(['I', 'I']);
    expect(desk.ledger.fills().map((fill) => [fill.product, fill.charges.total])).toEqual([
      ['I', 4_016],
      ['I', 9_516],
    ]);
    expect(brokenInvariants(desk.db, desk.ledger, 'paper')).toEqual([]);
  });

  it('charges a manual order with no product as delivery: ₹602.82 the round trip', () => {
    const desk = paperDesk('2026-01-27T10:00:00');
    desk.order('BUY');
    desk.order('SELL');
    expect(desk.ledger.fills().map((fill) => [fill.product, fill.charges.total])).toEqual([
      ['D', 32_016],
      ['D', 28_266],
    ]);
  });

  it('converts an intraday buy held overnight: its sale is delivery with the buy’s top-up', () => {
    const desk = paperDesk('2026-01-27T10:00:00');
    desk.order('BUY', 'I');
    desk.at('2026-01-28T10:00:00');
    const sell = desk.order('SELL', 'I');
    const [, fill] = desk.ledger.fills();
    // Delivery sell ₹282.66 + STT 0.1 % and stamp 0.012 % on the ₹2,50,000 cost = ₹562.66.
    expect(fill).toMatchObject({ product: 'D', charges: { stt: 50_000, stampDuty: 3_000, total: 56_266 } });
    expect(sell.product).toBe('I'); // the order keeps what it asked for; the fill says what it was charged as
    expect(brokenInvariants(desk.db, desk.ledger, 'paper')).toEqual([]);
  });
});
