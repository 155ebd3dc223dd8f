import type { NewsEventType } from '@td/contracts';
import { aliasesOf, findInstrument } from '../instruments';
import type { SeededRandom } from './seeded-random';

/** Each event kind: its price move range (fraction, signed) and headline templates. */
export interface EventKind {
  type: NewsEventType;
  /** Company events name one stock; sector events move every stock of the sector. */
  scope: 'company' | 'sector';
  move: readonly [number, number];
  /** Share of all events of this kind. */
  weight: number;
  titles: readonly string[];
  summaries: readonly string[];
}

// Templates are ours; {name} is the company, {sector} the sector's words, {quarter} the results
// quarter, {broker}, {amount} and {pct} are drawn. Every title carries its direction in words the
// finance lexicon knows, so scores agree with the move (headline-scorer tests check each template).
export const EVENT_KINDS: readonly EventKind[] = [
  {
    type: 'results_beat',
    scope: 'company',
    move: [0.02, 0.05],
    weight: 3,
    titles: [
      '{name} {quarter} profit beats estimates as margins expand',
      '{name} beats street estimates in {quarter}, revenue up {pct}%',
    ],
    summaries: ['Net profit rose {pct}% from a year earlier, ahead of analyst expectations.'],
  },
  {
    type: 'results_miss',
    scope: 'company',
    move: [-0.06, -0.02],
    weight: 3,
    titles: [
      '{name} {quarter} profit misses estimates on margin pressure',
      '{name} misses estimates in {quarter} as costs weigh',
    ],
    summaries: ['Net profit fell {pct}% from a year earlier, below analyst expectations.'],
  },
  {
    type: 'guidance_raise',
    scope: 'company',
    move: [0.015, 0.04],
    weight: 2,
    titles: [
      '{name} raises FY guidance on strong demand',
      '{name} raises outlook, sees robust order pipeline',
    ],
    summaries: ['Management now expects revenue growth of about {pct}% for the year.'],
  },
  {
    type: 'guidance_cut',
    scope: 'company',
    move: [-0.05, -0.02],
    weight: 2,
    titles: ['{name} cuts guidance, flags weak demand', '{name} lowers guidance as slowdown hits volumes'],
    summaries: ['Management trimmed its growth forecast to about {pct}% for the year.'],
  },
  {
    type: 'rating_upgrade',
    scope: 'company',
    move: [0.01, 0.03],
    weight: 2,
    titles: [
      '{broker} upgrades {name} to buy, raises target price',
      '{name} upgraded to outperform by {broker}',
    ],
    summaries: ['The brokerage sees {pct}% upside from current levels.'],
  },
  {
    type: 'rating_downgrade',
    scope: 'company',
    move: [-0.035, -0.01],
    weight: 2,
    titles: [
      '{broker} downgrades {name} to sell, cuts target price',
      '{name} downgraded to underperform by {broker}',
    ],
    summaries: ['The brokerage sees {pct}% downside from current levels.'],
  },
  {
    type: 'order_win',
    scope: 'company',
    move: [0.01, 0.03],
    weight: 2,
    titles: ['{name} bags order worth Rs {amount} crore', '{name} wins order worth Rs {amount} crore'],
    summaries: ['The order adds to a strong book and is to be executed over the next two years.'],
  },
  {
    type: 'regulatory_action',
    scope: 'company',
    move: [-0.05, -0.02],
    weight: 1,
    titles: [
      'SEBI slaps penalty on {name} over disclosure lapses',
      '{name} faces probe over regulatory violations',
    ],
    summaries: ['The regulator found lapses in disclosures; the company said it would respond.'],
  },
  {
    type: 'sector_tailwind',
    scope: 'sector',
    move: [0.01, 0.025],
    weight: 1,
    titles: ['{sector} rally as government announces incentives', '{sector} gain on strong demand outlook'],
    summaries: ['Analysts expect the measures to lift earnings across the sector.'],
  },
  {
    type: 'sector_headwind',
    scope: 'sector',
    move: [-0.025, -0.01],
    weight: 1,
    titles: ['{sector} slump as regulator tightens rules', '{sector} fall on weak demand outlook'],
    summaries: ['Analysts expect the change to weigh on earnings across the sector.'],
  },
];

/** How headlines name a sector's stocks (words the news tagger maps back to the sector). */
export const SECTOR_HEADLINE_WORDS: Readonly<Record<string, string>> = {
  'Financial Services': 'Bank stocks',
  'Information Technology': 'IT stocks',
  'Oil Gas & Consumable Fuels': 'Energy stocks',
  'Automobile and Auto Components': 'Auto stocks',
  'Fast Moving Consumer Goods': 'FMCG stocks',
  Healthcare: 'Pharma stocks',
  'Metals & Mining': 'Metal stocks',
  Power: 'Power stocks',
  'Construction Materials': 'Cement stocks',
};

const BROKERS = [
  'Jefferies',
  'Morgan Stanley',
  'CLSA',
  'Nomura',
  'Goldman Sachs',
  'Motilal Oswal',
  'Bernstein',
];

/** The results quarter being reported in a month (Indian fiscal year: Jan–Mar reports Q3). */
export function reportingQuarter(ts: number): string {
  const month = new Date(ts + 5.5 * 3_600_000).getUTCMonth();
  return ['Q3', 'Q4', 'Q1', 'Q2'][Math.floor(month / 3)]!;
}

/** Fills a template; numbers are drawn from the newswire's own random stream. */
export function fill(
  template: string,
  values: { name: string; sector: string; quarter: string; pct: number },
  random: SeededRandom,
): string {
  return template
    .replaceAll('{name}', values.name)
    .replaceAll('{sector}', values.sector)
    .replaceAll('{quarter}', values.quarter)
    .replaceAll('{pct}', values.pct.toFixed(1))
    .replaceAll('{broker}', BROKERS[random.int(0, BROKERS.length - 1)]!)
    .replaceAll('{amount}', (random.int(4, 120) * 50).toLocaleString('en-IN'));
}

/** How a headline names the company: its common name, else the catalogue name without "Ltd.". */
export function companyName(symbol: string): string {
  const alias = aliasesOf(symbol)[0];
  if (alias) return alias;
  const name = findInstrument(symbol)?.name ?? symbol;
  return name.replace(/\s*\b(Ltd\.?|Limited)$/i, '').trim();
}
