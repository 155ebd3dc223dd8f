import type { IndexId, Instrument } from '../market-types';
import { INDEX_IDS, type InstrumentSeed } from './instrument-catalog';

/** Prices in paise by NSE symbol. */
export type PriceMap = ReadonlyMap<string, number>;

export interface IndexBase {
  /** Constituent prices (paise) at which each index stood at its base level. */
  basePrices: Readonly<Record<string, number>>;
  baseLevels: Readonly<Record<IndexId, number>>;
}

/** One index in a market overview; snake_case because it goes straight into the API payload. */
export interface IndexQuote {
  value: number;
  previous_close: number;
  change: number;
  change_percent: number;
}

/**
 * Approximate late-2025 index levels. They are seeds for the offline simulator, paired with the
 * catalogue's reference prices, not quotes.
 */
export const SEED_INDEX_LEVELS: Readonly<Record<IndexId, number>> = {
  NIFTY_50: 26_000,
  SENSEX: 85_000,
  BANK_NIFTY: 59_000,
};

/** The simulator's base: reference prices (rupees → paise) stand at the seed levels. */
export function referenceIndexBase(
  instruments: readonly InstrumentSeed[],
  baseLevels: Readonly<Record<IndexId, number>> = SEED_INDEX_LEVELS,
): IndexBase {
  const basePrices: Record<string, number> = {};
  for (const instrument of instruments)
    basePrices[instrument.symbol] = Math.round(instrument.referencePrice * 100);
  return { basePrices, baseLevels };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
const isPrice = (value: number | undefined): value is number =>
  value !== undefined && Number.isFinite(value) && value > 0;

/**
 * Index levels from constituent prices, with weights fixed at the base:
 * level = baseLevel × Σ wᵢ·(Pᵢ/P0ᵢ) / Σ wᵢ, the sums running over the constituents that have both
 * a current and a base price — so a stock with no tick yet neither drags the index to zero nor
 * holds it at its base. Pure: no clock, no I/O.
 */
export class IndexCalculator {
  private readonly members: ReadonlyMap<IndexId, readonly { symbol: string; weight: number }[]>;

  constructor(
    instruments: readonly Instrument[],
    private readonly base: IndexBase,
  ) {
    this.members = new Map(
      INDEX_IDS.map((id) => [
        id,
        instruments.flatMap((i) => {
          const weight = i.indexWeights[id];
          return weight !== undefined && weight > 0 ? [{ symbol: i.symbol, weight }] : [];
        }),
      ]),
    );
  }

  /** The index level, unrounded; null when no constituent has a usable price. */
  level(indexId: IndexId, prices: PriceMap): number | null {
    let weighted = 0;
    let totalWeight = 0;
    for (const { symbol, weight } of this.members.get(indexId) ?? []) {
      const price = prices.get(symbol);
      const basePrice = this.base.basePrices[symbol];
      if (!isPrice(price) || !isPrice(basePrice)) continue;
      weighted += weight * (price / basePrice);
      totalWeight += weight;
    }
    if (totalWeight === 0) return null;
    return this.base.baseLevels[indexId] * (weighted / totalWeight);
  }

  /** Every index now against its previous close, rounded to 2 decimals; null where either is unknown. */
  snapshot(prices: PriceMap, previousClosePrices: PriceMap): Record<IndexId, IndexQuote | null> {
    const quote = (id: IndexId): IndexQuote | null => {
      const value = this.level(id, prices);
      const previousClose = this.level(id, previousClosePrices);
      if (value === null || previousClose === null) return null;
      const change = value - previousClose;
      return {
        value: round2(value),
        previous_close: round2(previousClose),
        change: round2(change),
        change_percent: round2((change / previousClose) * 100),
      };
    };
    return { NIFTY_50: quote('NIFTY_50'), SENSEX: quote('SENSEX'), BANK_NIFTY: quote('BANK_NIFTY') };
  }
}
