import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

let cached: ReadonlyMap<string, number> | null = null;

/** Where the vader-sentiment package ships VADER's word list (C.J. Hutto's lexicon, MIT). */
export function vaderLexiconPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('vader-sentiment/package.json')), 'vader_lexicon.txt');
}

/** Parses `word<TAB>mean valence<TAB>…` lines; anything else is skipped. */
export function parseVaderLexicon(text: string): Map<string, number> {
  const words = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [word, mean] = line.split('\t', 2);
    const valence = Number(mean);
    if (word && Number.isFinite(valence)) words.set(word, valence);
  }
  return words;
}

/** VADER's ≈7,500 rated words, read once per process. */
export function loadVaderLexicon(): ReadonlyMap<string, number> {
  cached ??= parseVaderLexicon(fs.readFileSync(vaderLexiconPath(), 'utf8'));
  return cached;
}
