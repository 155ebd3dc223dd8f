import type { Position } from '../../../core/orders';
import { rupeesToPaise } from './upstox-order-mapping';
import type { UpstoxHoldingRow, UpstoxPositionRow } from './upstox-order-shapes';

interface Book {
  symbol: string;
  quantity: number;
  /** Shares bought (demat holdings plus today's buys) and what they cost, paise: the average cost pool. */
  boughtQuantity: number;
  boughtPaise: number;
  /** Upstox's own average for a carried position, used only when nothing else prices it. */
  fallbackAveragePaise: number | null;
  realisedPnlPaise: number;
}

/**
 * What the account holds per instrument: demat holdings plus today's net positions (Upstox moves a
 * delivery buy from positions into holdings after settlement, and a sale of held shares shows today as a
 * negative position). Cost is the average cost of holdings and today's buys, applied to the shares
 * still held.
 */
export function livePositions(
  holdings: readonly UpstoxHoldingRow[],
  positions: readonly UpstoxPositionRow[],
  symbolFor: (instrumentKey: string, tradingSymbol: string | undefined) => string,
  openedAt: (symbol: string) => number,
  now: number,
): Position[] {
  const books = new Map<string, Book>();
  const bookFor = (key: string, tradingSymbol: string | undefined): Book => {
    let book = books.get(key);
    if (!book) {
      const symbol = symbolFor(key, tradingSymbol);
      book = {
        symbol,
        quantity: 0,
        boughtQuantity: 0,
        boughtPaise: 0,
        fallbackAveragePaise: null,
        realisedPnlPaise: 0,
      };
      books.set(key, book);
    }
    return book;
  };
  for (const holding of holdings) {
    const book = bookFor(holding.instrument_token, holding.trading_symbol ?? holding.tradingsymbol);
    book.quantity += holding.quantity;
    book.boughtQuantity += holding.quantity;
    book.boughtPaise += rupeesToPaise(holding.quantity * holding.average_price);
  }
  for (const row of positions) {
    const book = bookFor(row.instrument_token, row.trading_symbol ?? row.tradingsymbol);
    book.quantity += row.quantity;
    book.boughtQuantity += row.day_buy_quantity ?? 0;
    book.boughtPaise += rupeesToPaise(row.day_buy_value ?? 0);
    book.realisedPnlPaise += rupeesToPaise(row.realised ?? 0);
    if (row.average_price) book.fallbackAveragePaise = rupeesToPaise(row.average_price);
  }
  const result: Position[] = [];
  for (const book of books.values()) {
    // Open positions only, as the paper ledger lists them; a closed one's P&L is in the day's trades.
    if (book.quantity === 0) continue;
    result.push({
      symbol: book.symbol,
      quantity: book.quantity,
      costPaise: costOfHeld(book),
      realisedPnlPaise: book.realisedPnlPaise,
      openedAt: openedAt(book.symbol),
      updatedAt: now,
    });
  }
  return result.sort((a, b) => a.symbol.localeCompare(b.symbol));
}

function costOfHeld(book: Book): number {
  if (book.quantity <= 0) return 0;
  if (book.boughtQuantity > 0) return Math.round((book.boughtPaise * book.quantity) / book.boughtQuantity);
  return (book.fallbackAveragePaise ?? 0) * book.quantity;
}
