import type { IndexId } from '../market-types';

/** An index as the real feeds name it; the product's own name for it is its IndexId. */
export interface IndexFeedInstrument {
  id: IndexId;
  /** Upstox's key for the index (the segment is NSE_INDEX or BSE_INDEX, the name as Upstox spells it). */
  instrumentKey: string;
  yahooSymbol: string;
}

export const INDEX_FEED_INSTRUMENTS: readonly IndexFeedInstrument[] = Object.freeze([
  { id: 'NIFTY_50', instrumentKey: 'NSE_INDEX|Nifty 50', yahooSymbol: '^NSEI' },
  { id: 'SENSEX', instrumentKey: 'BSE_INDEX|SENSEX', yahooSymbol: '^BSESN' },
  { id: 'BANK_NIFTY', instrumentKey: 'NSE_INDEX|Nifty Bank', yahooSymbol: '^NSEBANK' },
]);

const BY_REFERENCE = new Map<string, IndexFeedInstrument>();
for (const index of INDEX_FEED_INSTRUMENTS) {
  for (const reference of [index.id, index.instrumentKey, index.yahooSymbol])
    BY_REFERENCE.set(reference.toUpperCase(), index);
}

/** By IndexId, Upstox key or Yahoo symbol (case-insensitive); undefined for anything else. */
export function findIndexFeed(reference: string): IndexFeedInstrument | undefined {
  return BY_REFERENCE.get(reference.trim().toUpperCase());
}

export function isIndexId(symbol: string): symbol is IndexId {
  return INDEX_FEED_INSTRUMENTS.some((index) => index.id === symbol);
}
