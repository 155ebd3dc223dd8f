// The instruments' public surface: the NIFTY 50 / SENSEX / Nifty Bank catalogue and index levels.
export {
  type IndexBase,
  IndexCalculator,
  type IndexQuote,
  type PriceMap,
  referenceIndexBase,
  SEED_INDEX_LEVELS,
} from './index-calculator';
export { aliasesOf, INSTRUMENT_ALIASES } from './instrument-aliases';
export {
  allInstruments,
  bySymbolOrKey,
  constituents,
  findInstrument,
  getInstrument,
  INDEX_IDS,
  INDEX_NAMES,
  type InstrumentSeed,
  isKnownSymbol,
  unknownSymbolError,
} from './instrument-catalog';
