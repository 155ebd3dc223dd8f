import type { HeadlineSentiment } from '@td/contracts';
import { FINANCE_PHRASES, FINANCE_WORDS, INTENSIFIERS, NEGATIONS } from './finance-terms';
import { loadVaderLexicon } from './vader-lexicon';

export interface HeadlineScore {
  /** VADER's compound score, −1…1. */
  score: number;
  sentiment: HeadlineSentiment;
  /** 0…1: how much sentiment the headline carries and how far its words agree (0 with none). */
  confidence: number;
}

// VADER's constants (Hutto & Gilbert 2014): negation scale, ALL-CAPS emphasis, normalisation alpha.
const NEGATION_SCALE = -0.74;
const CAPS_EMPHASIS = 0.733;
const ALPHA = 15;
/** How far back a negation or intensifier reaches, and how an intensifier fades with distance. */
const LOOKBACK_FADE = [1, 0.95, 0.9];
/** VADER's label thresholds on the compound score. */
const LABEL_THRESHOLD = 0.05;
/** Confidence = |Σv| / (Σ|v| + EVIDENCE_PRIOR): one strong term ≈ 0.55, conflicting terms near 0. */
const EVIDENCE_PRIOR = 2;

const TOKEN = /[a-z0-9][a-z0-9'&%.-]*[a-z0-9%]|[a-z0-9]/g;
const HAS_LOWER = /[a-z]/;
const CAPITAL_WORD = /\b[A-Z][A-Z0-9'&%.-]*[A-Z]\b/g;

interface Phrase {
  rest: readonly string[];
  valence: number;
}

/** What the scorer knows of one word: its valence, whether it negates or intensifies, phrases it starts. */
interface Entry {
  valence: number;
  negation: boolean;
  step: number;
  phrases: Phrase[] | null;
  but: boolean;
}

function matchPhrase(candidates: readonly Phrase[], lower: readonly string[], at: number): Phrase | null {
  for (const candidate of candidates) {
    let matched = true;
    for (let j = 0; j < candidate.rest.length && matched; j++)
      matched = lower[at + 1 + j] === candidate.rest[j];
    if (matched) return candidate;
  }
  return null;
}

/**
 * VADER's rules over VADER's lexicon extended with our finance terms: phrases first, then words;
 * a negation within three words before a term flips and damps it (×−0.74); an intensifier adds or
 * takes ±0.293 (fading with distance); a term in capitals inside mixed-case text gains 0.733; terms
 * before "but" count half and after it one and a half. Built once; score() allocates little.
 */
export class HeadlineScorer {
  // One Map lookup per word (a Map, not an object: "constructor" must not find Object.prototype's).
  private readonly entries = new Map<string, Entry>();

  constructor(
    base: ReadonlyMap<string, number> = loadVaderLexicon(),
    financeWords: Readonly<Record<string, number>> = FINANCE_WORDS,
    financePhrases: Readonly<Record<string, number>> = FINANCE_PHRASES,
    /** Words that carry no sentiment here whatever VADER says: company names ("Yes Bank", "Nifty"). */
    neutralWords: Iterable<string> = [],
  ) {
    const words = new Map(base);
    for (const word of neutralWords) words.delete(word);
    for (const [word, valence] of Object.entries(financeWords)) words.set(word, valence);
    const entry = (word: string): Entry => {
      let found = this.entries.get(word);
      if (!found) {
        found = { valence: 0, negation: false, step: 0, phrases: null, but: word === 'but' };
        this.entries.set(word, found);
      }
      return found;
    };
    for (const [word, valence] of words) if (valence !== 0) entry(word).valence = valence;
    for (const word of NEGATIONS) Object.assign(entry(word), { negation: true, valence: 0 });
    for (const [word, step] of Object.entries(INTENSIFIERS)) Object.assign(entry(word), { step, valence: 0 });
    entry('but');
    for (const [phrase, valence] of Object.entries(financePhrases)) {
      const [first, ...rest] = phrase.split(' ');
      const found = entry(first!);
      found.phrases = [...(found.phrases ?? []), { rest, valence }].sort(
        (x, y) => y.rest.length - x.rest.length,
      );
    }
  }

  score(text: string): HeadlineScore {
    const raw = text.includes('’') ? text.replaceAll('’', "'") : text;
    const lowerText = raw.toLowerCase();
    const lower = lowerText.match(TOKEN) ?? [];
    // VADER's capitals rule applies only in mixed-case text; the words written in capitals, found once.
    let capitals: string[] | null | undefined = lowerText !== raw && HAS_LOWER.test(raw) ? undefined : null;
    let butAt = -1;
    const valences: number[] = [];
    const positions: number[] = [];
    for (let i = 0; i < lower.length; i++) {
      const word = lower[i]!;
      const entry = this.entries.get(word);
      if (!entry) continue;
      if (entry.but) {
        butAt = i;
        continue;
      }
      if (entry.negation || entry.step !== 0) continue;
      const start = i;
      let valence = entry.valence;
      const phrase = entry.phrases ? matchPhrase(entry.phrases, lower, i) : null;
      if (phrase) {
        valence = phrase.valence;
        i += phrase.rest.length;
      }
      if (valence === 0) continue;
      if (capitals !== null && word.length > 1) {
        capitals ??= (raw.match(CAPITAL_WORD) ?? []).map((token) => token.toLowerCase());
        if (capitals.includes(word)) valence += valence > 0 ? CAPS_EMPHASIS : -CAPS_EMPHASIS;
      }
      valences.push(this.modified(lower, start, valence));
      positions.push(start);
    }
    let sum = 0;
    let absolute = 0;
    for (let k = 0; k < valences.length; k++) {
      let valence = valences[k]!;
      if (butAt >= 0) valence *= positions[k]! < butAt ? 0.5 : 1.5;
      sum += valence;
      absolute += Math.abs(valence);
    }
    const score = sum === 0 ? 0 : sum / Math.sqrt(sum * sum + ALPHA);
    const confidence = absolute === 0 ? 0 : Math.min(1, Math.abs(sum) / (absolute + EVIDENCE_PRIOR));
    const sentiment: HeadlineSentiment =
      score >= LABEL_THRESHOLD ? 'positive' : score <= -LABEL_THRESHOLD ? 'negative' : 'neutral';
    return { score, sentiment, confidence };
  }

  /** Applies the intensifiers and negations in the three words before the term at `start`. */
  private modified(lower: readonly string[], start: number, valence: number): number {
    let result = valence;
    let negated = false;
    for (let back = 1; back <= LOOKBACK_FADE.length && start - back >= 0; back++) {
      const before = this.entries.get(lower[start - back]!);
      if (!before) continue;
      if (before.step !== 0) result += (valence > 0 ? before.step : -before.step) * LOOKBACK_FADE[back - 1]!;
      else if (before.negation) negated = true;
    }
    return negated ? result * NEGATION_SCALE : result;
  }
}
