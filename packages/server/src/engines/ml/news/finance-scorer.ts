import { FINANCE_PHRASES, FINANCE_WORDS } from './lexicon/finance-terms';
import { HeadlineScorer } from './lexicon/headline-scorer';
import { loadVaderLexicon } from './lexicon/vader-lexicon';
import { SymbolTagger } from './symbol-tagger';

/** Index names VADER reads as words ("nifty" is +1.7 in everyday English). */
const INDEX_WORDS = ['nifty', 'sensex', 'bankex'];

/** VADER + our finance terms, with every stock name and index name neutral. */
export function createFinanceScorer(tagger: SymbolTagger = new SymbolTagger()): HeadlineScorer {
  return new HeadlineScorer(loadVaderLexicon(), FINANCE_WORDS, FINANCE_PHRASES, [
    ...tagger.nameWords(),
    ...INDEX_WORDS,
  ]);
}
