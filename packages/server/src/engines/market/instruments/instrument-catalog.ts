import { type IndexId, type Instrument, MarketDataError } from '../market-types';
import { CONSTITUENT_ROWS, type ConstituentRow } from './constituents';

/** An instrument plus the rupee price that seeds the offline simulator (never shown as a quote). */
export type InstrumentSeed = Instrument & { referencePrice: number };

export const INDEX_IDS: readonly IndexId[] = ['NIFTY_50', 'SENSEX', 'BANK_NIFTY'];

/** How the exchanges name the indices on screen. */
export const INDEX_NAMES: Readonly<Record<IndexId, string>> = {
  NIFTY_50: 'NIFTY 50',
  SENSEX: 'SENSEX',
  BANK_NIFTY: 'Nifty Bank',
};

function percentTotals(rows: readonly ConstituentRow[]): Record<IndexId, number> {
  const totals: Record<IndexId, number> = { NIFTY_50: 0, SENSEX: 0, BANK_NIFTY: 0 };
  for (const row of rows) {
    for (const id of INDEX_IDS) totals[id] += row.weights[id] ?? 0;
  }
  return totals;
}

/** Builds the catalogue: keys from the ISIN and symbol, weights as fractions summing to 1 per index. */
export function buildInstruments(rows: readonly ConstituentRow[]): readonly InstrumentSeed[] {
  const totals = percentTotals(rows);
  return Object.freeze(
    rows.map((row) => {
      const indexWeights: Partial<Record<IndexId, number>> = {};
      for (const id of INDEX_IDS) {
        const percent = row.weights[id];
        if (percent !== undefined) indexWeights[id] = percent / totals[id];
      }
      return Object.freeze({
        symbol: row.symbol,
        name: row.name,
        sector: row.sector,
        exchange: 'NSE' as const,
        instrumentKey: `NSE_EQ|${row.isin}`,
        yahooSymbol: `${row.symbol}.NS`,
        isin: row.isin,
        indexWeights: Object.freeze(indexWeights),
        referencePrice: row.referencePrice,
      });
    }),
  );
}

const INSTRUMENTS = buildInstruments(CONSTITUENT_ROWS);

/** Every way a caller may name a stock, upper-cased: symbol, Upstox key (both forms), Yahoo symbol, ISIN. */
const BY_REFERENCE = new Map<string, InstrumentSeed>();
for (const instrument of INSTRUMENTS) {
  for (const reference of [
    instrument.symbol,
    instrument.instrumentKey,
    // Upstox's quote endpoints answer with 'NSE_EQ:SYMBOL' keys rather than the ISIN form.
    `NSE_EQ:${instrument.symbol}`,
    instrument.yahooSymbol,
    instrument.isin,
  ]) {
    BY_REFERENCE.set(reference.toUpperCase(), instrument);
  }
}

const BY_INDEX = new Map<IndexId, readonly InstrumentSeed[]>(
  INDEX_IDS.map((id) => [
    id,
    Object.freeze(
      INSTRUMENTS.filter((i) => i.indexWeights[id] !== undefined).sort(
        (a, b) => (b.indexWeights[id] ?? 0) - (a.indexWeights[id] ?? 0),
      ),
    ),
  ]),
);

/** The error a route turns into a 4xx when a symbol is not in the catalogue. */
export function unknownSymbolError(reference: string): MarketDataError {
  return new MarketDataError(
    `Unknown symbol ${reference}: use an NSE symbol from NIFTY 50, SENSEX or Bank NIFTY, e.g. RELIANCE`,
    'unknown_symbol',
  );
}

/** Every stock of the three indices, each once however many indices it belongs to. */
export function allInstruments(): readonly InstrumentSeed[] {
  return INSTRUMENTS;
}

/** The constituents of an index, heaviest first. */
export function constituents(indexId: IndexId): readonly InstrumentSeed[] {
  return BY_INDEX.get(indexId) ?? [];
}

/** Looks up by symbol, Upstox key, Yahoo symbol or ISIN (case-insensitive); undefined when unknown. */
export function findInstrument(reference: string): InstrumentSeed | undefined {
  return BY_REFERENCE.get(reference.trim().toUpperCase());
}

/** Like findInstrument, but an unknown reference throws MarketDataError('unknown_symbol'). */
export function bySymbolOrKey(reference: string): InstrumentSeed {
  const instrument = findInstrument(reference);
  if (!instrument) throw unknownSymbolError(reference.trim());
  return instrument;
}

/** By NSE symbol only (case-insensitive); an unknown symbol throws MarketDataError('unknown_symbol'). */
export function getInstrument(symbol: string): InstrumentSeed {
  const instrument = findInstrument(symbol);
  if (!instrument || instrument.symbol !== symbol.trim().toUpperCase())
    throw unknownSymbolError(symbol.trim());
  return instrument;
}

export function isKnownSymbol(symbol: string): boolean {
  return findInstrument(symbol)?.symbol === symbol.trim().toUpperCase();
}
