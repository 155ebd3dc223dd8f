// The instruments' public surface: the NIFTY 50 / SENSEX / Nifty Bank catalogue and index levels.
export {
  type IndexBase,
  IndexCalculator,
  type IndexQuote,
  type PriceMap,
  referenceIndexBase,
  SEED_INDEX_LEVELS,
} from './index-calculator';
export {
  findIndexFeed,
  INDEX_FEED_INSTRUMENTS,
  type IndexFeedInstrument,
  isIndexId,
} from './index-feed-instruments';
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
