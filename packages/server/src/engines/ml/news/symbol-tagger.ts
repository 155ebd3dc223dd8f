import { aliasesOf, allInstruments, type InstrumentSeed } from '../../market/instruments';

/** Words headlines use for a whole sector, mapped to the catalogue's sector names. */
const SECTOR_WORDS: Readonly<Record<string, readonly string[]>> = {
  'Financial Services': [
    'banks',
    'banking',
    'bank stocks',
    'lenders',
    'NBFC',
    'NBFCs',
    'PSU banks',
    'insurers',
    'financials',
  ],
  'Information Technology': [
    'IT stocks',
    'IT sector',
    'IT services',
    'IT companies',
    'IT majors',
    'software exporters',
    'tech stocks',
  ],
  'Oil Gas & Consumable Fuels': [
    'oil marketing',
    'OMCs',
    'crude oil',
    'oil and gas',
    'energy stocks',
    'refiners',
  ],
  'Automobile and Auto Components': [
    'auto stocks',
    'auto sector',
    'automakers',
    'carmakers',
    'two-wheeler',
    'vehicle sales',
    'auto sales',
  ],
  'Fast Moving Consumer Goods': ['FMCG', 'consumer staples'],
  Healthcare: ['pharma', 'pharmaceutical', 'drugmakers', 'hospitals', 'healthcare'],
  'Metals & Mining': ['metal stocks', 'metals', 'steelmakers', 'steel prices', 'aluminium', 'mining'],
  Power: ['power stocks', 'power sector', 'power demand', 'utilities', 'electricity'],
  'Construction Materials': ['cement'],
  Construction: ['infrastructure', 'infra stocks', 'construction'],
  Telecommunication: ['telecom', 'telcos', 'tariff hike'],
  'Consumer Durables': ['consumer durables', 'paint makers', 'jewellery'],
  'Capital Goods': ['defence stocks', 'defence orders', 'capital goods'],
  Services: ['aviation', 'airlines', 'ports'],
  'Consumer Services': ['retail stocks', 'quick commerce', 'food delivery'],
};

interface Matcher {
  needle: string;
  caseSensitive: boolean;
  symbol: string | null;
  sector: string;
}

export interface HeadlineTags {
  symbols: string[];
  sectors: string[];
}

/** Letters, digits and & only, single-spaced: "Dr. Reddy's" and "Dr Reddy's" read the same. */
function normalise(text: string): string {
  return text.replace(/[^A-Za-z0-9&]+/g, ' ').trim();
}

/** A short all-capital alias (ITC, SBI, IT stocks) is matched in its case: "it" is not IT. */
function isCaseSensitive(alias: string): boolean {
  const first = alias.split(' ')[0]!;
  return first.length <= 4 && first === first.toUpperCase() && /[A-Z]/.test(first);
}

function matcher(alias: string, sector: string, symbol: string | null): Matcher | null {
  const needle = normalise(alias);
  if (needle.length < 2) return null;
  const caseSensitive = isCaseSensitive(needle);
  return { needle: caseSensitive ? needle : needle.toLowerCase(), caseSensitive, symbol, sector };
}

/** A catalogue name without its legal suffix: "Infosys Ltd." → "Infosys". */
function shortName(name: string): string {
  return name
    .replace(/\b(Ltd\.?|Limited)$/i, '')
    .replace(/^The /, '')
    .trim();
}

/**
 * Tags a headline with the stocks it names (catalogue names, aliases, symbols) and the sectors of
 * those stocks or of the sector words it uses. Longer names win: "SBI Life" is SBILIFE, not SBIN.
 */
export class SymbolTagger {
  private readonly matchers: Matcher[];

  constructor(instruments: readonly InstrumentSeed[] = allInstruments()) {
    const found: Matcher[] = [];
    for (const instrument of instruments) {
      const names = new Set([shortName(instrument.name), ...aliasesOf(instrument.symbol)]);
      // A symbol that is a word of its own (WIPRO, CIPLA) is matched as a name, in capitals only.
      if (/^[A-Z&-]{3,}$/.test(instrument.symbol)) names.add(instrument.symbol);
      for (const name of names) {
        const entry = matcher(name, instrument.sector, instrument.symbol);
        if (entry) found.push(entry);
      }
    }
    for (const [sector, words] of Object.entries(SECTOR_WORDS)) {
      for (const word of words) {
        const entry = matcher(word, sector, null);
        if (entry) found.push(entry);
      }
    }
    this.matchers = found.sort((a, b) => b.needle.length - a.needle.length);
  }

  tag(text: string): HeadlineTags {
    let exact = ` ${normalise(text)} `;
    let lower = exact.toLowerCase();
    const symbols: string[] = [];
    const sectors: string[] = [];
    for (const entry of this.matchers) {
      const at = (entry.caseSensitive ? exact : lower).indexOf(` ${entry.needle} `);
      if (at < 0) continue;
      // The matched words are blanked so a shorter name inside them ("SBI" in "SBI Life") cannot match.
      const blank = ' '.repeat(entry.needle.length + 2);
      exact = exact.slice(0, at) + blank + exact.slice(at + blank.length);
      lower = lower.slice(0, at) + blank + lower.slice(at + blank.length);
      if (entry.symbol && !symbols.includes(entry.symbol)) symbols.push(entry.symbol);
      if (!sectors.includes(entry.sector)) sectors.push(entry.sector);
    }
    return { symbols, sectors };
  }

  /** Every word of every stock name and alias, lower-cased: the scorer keeps them neutral ("Yes Bank"). */
  nameWords(): Set<string> {
    const words = new Set<string>();
    for (const entry of this.matchers) {
      if (!entry.symbol) continue;
      for (const word of entry.needle.toLowerCase().split(' ')) words.add(word);
    }
    return words;
  }
}
