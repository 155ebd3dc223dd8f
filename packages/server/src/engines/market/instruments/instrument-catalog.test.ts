import { MarketDataError } from '../market-types';
import { CONSTITUENT_ROWS } from './constituents';
import {
  allInstruments,
  bySymbolOrKey,
  constituents,
  findInstrument,
  getInstrument,
  INDEX_IDS,
  isKnownSymbol,
} from './instrument-catalog';

/** ISIN check digit (ISO 6166): letters become 10..35, then the Luhn algorithm over the digits. */
function hasValidIsinCheckDigit(isin: string): boolean {
  const digits = [...isin.slice(0, 11)]
    .map((c) => (/[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    let n = Number(d);
    if (i % 2 === 0) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  });
  return (10 - (sum % 10)) % 10 === Number(isin[11]);
}

describe('ISIN check digit helper', () => {
  it('accepts known ISINs and rejects a one-digit typo', () => {
    expect(hasValidIsinCheckDigit('INE002A01018')).toBe(true); // Reliance
    expect(hasValidIsinCheckDigit('US0378331005')).toBe(true); // Apple, the textbook example
    expect(hasValidIsinCheckDigit('INE002A01019')).toBe(false);
    expect(hasValidIsinCheckDigit('INE003A01018')).toBe(false);
  });
});

describe('instrument catalogue', () => {
  const instruments = allInstruments();

  it('holds 50 NIFTY 50, 30 SENSEX and 14 Nifty Bank constituents', () => {
    expect(constituents('NIFTY_50')).toHaveLength(50);
    expect(constituents('SENSEX')).toHaveLength(30);
    expect(constituents('BANK_NIFTY')).toHaveLength(14);
  });

  it('lists each stock once, with unique symbols, ISINs and keys', () => {
    for (const field of ['symbol', 'isin', 'instrumentKey', 'yahooSymbol'] as const) {
      expect(new Set(instruments.map((i) => i[field])).size).toBe(instruments.length);
    }
  });

  it('keeps SENSEX inside NIFTY 50, as the two lists stand today', () => {
    const nifty = new Set(constituents('NIFTY_50').map((i) => i.symbol));
    expect(constituents('SENSEX').filter((i) => !nifty.has(i.symbol))).toEqual([]);
  });

  it.each(INDEX_IDS)('weights %s to 1 ± 0.001, each weight positive', (id) => {
    const weights = constituents(id).map((i) => i.indexWeights[id] ?? 0);
    expect(Math.abs(weights.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(0.001);
    for (const weight of weights) expect(weight).toBeGreaterThan(0);
  });

  it.each(INDEX_IDS)('has raw %s percentages near 100, so normalising hides no typo', (id) => {
    const total = CONSTITUENT_ROWS.reduce((sum, row) => sum + (row.weights[id] ?? 0), 0);
    expect(total).toBeGreaterThan(98);
    expect(total).toBeLessThan(102);
  });

  it('orders constituents heaviest first', () => {
    expect(constituents('NIFTY_50')[0]?.symbol).toBe('HDFCBANK');
    const weights = constituents('BANK_NIFTY').map((i) => i.indexWeights.BANK_NIFTY ?? 0);
    expect([...weights].sort((a, b) => b - a)).toEqual(weights);
  });

  it('forms every ISIN, Upstox key and Yahoo symbol correctly', () => {
    for (const i of instruments) {
      expect(i.isin).toMatch(/^INE[0-9A-Z]{9}$/);
      expect(hasValidIsinCheckDigit(i.isin)).toBe(true);
      expect(i.instrumentKey).toBe(`NSE_EQ|${i.isin}`);
      expect(i.yahooSymbol).toBe(`${i.symbol}.NS`);
      expect(i.exchange).toBe('NSE');
      expect(i.symbol).toMatch(/^[A-Z0-9&-]+$/);
      expect(i.referencePrice).toBeGreaterThan(0);
      expect(i.sector).not.toBe('');
    }
  });

  it('cannot be changed by a caller', () => {
    const reliance = getInstrument('RELIANCE');
    expect(() => {
      (reliance as { referencePrice: number }).referencePrice = 1;
    }).toThrow(TypeError);
  });
});

describe('instrument lookups', () => {
  it('finds a stock by symbol, Upstox key in either form, Yahoo symbol or ISIN', () => {
    const reliance = getInstrument('RELIANCE');
    expect(reliance).toMatchObject({ instrumentKey: 'NSE_EQ|INE002A01018', yahooSymbol: 'RELIANCE.NS' });
    expect(bySymbolOrKey('NSE_EQ|INE002A01018')).toBe(reliance);
    expect(bySymbolOrKey('NSE_EQ:RELIANCE')).toBe(reliance);
    expect(bySymbolOrKey('RELIANCE.NS')).toBe(reliance);
    expect(bySymbolOrKey('INE002A01018')).toBe(reliance);
    expect(bySymbolOrKey(' reliance ')).toBe(reliance);
    expect(getInstrument('M&M').yahooSymbol).toBe('M&M.NS');
  });

  it('records a stock in several indices once, with a weight for each', () => {
    expect(Object.keys(getInstrument('HDFCBANK').indexWeights).sort()).toEqual([
      'BANK_NIFTY',
      'NIFTY_50',
      'SENSEX',
    ]);
  });

  it('refuses an unknown symbol with a MarketDataError the trader can act on', () => {
    expect(findInstrument('FOO')).toBeUndefined();
    expect(isKnownSymbol('FOO')).toBe(false);
    let error: unknown;
    try {
      getInstrument('FOO');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MarketDataError);
    expect(error).toMatchObject({
      code: 'unknown_symbol',
      message: 'Unknown symbol FOO: use an NSE symbol from NIFTY 50, SENSEX or Bank NIFTY, e.g. RELIANCE',
    });
    expect(() => bySymbolOrKey('NSE_EQ|INE000000000')).toThrow('Unknown symbol NSE_EQ|INE000000000');
  });

  it('takes only NSE symbols in getInstrument, not keys', () => {
    expect(() => getInstrument('RELIANCE.NS')).toThrow(MarketDataError);
    expect(isKnownSymbol('reliance')).toBe(true);
  });
});
