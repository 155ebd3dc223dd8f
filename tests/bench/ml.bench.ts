// `npm run bench -- ml`: the news lexicon's headlines per second on one core against the `sentiment`
// package (AFINN-165) on the same headlines in the same run, then the models' half (ml-models.ts).
import { createRequire } from 'node:module';
import { allInstruments } from '../../packages/server/src/engines/market/instruments';
import {
  Newswire,
  type NewswireEvent,
} from '../../packages/server/src/engines/market/simulator/newswire-events';
import { createFinanceScorer } from '../../packages/server/src/engines/ml/news';
import { median, metric } from './metric';

/** The goals: at least 100,000 headlines/s, and at least as fast as the AFINN peer. */
const GOAL = { perSecond: 100_000, ratio: 1 };
const HEADLINES = Number(process.env.BENCH_HEADLINES ?? 12_000);
const ROUNDS = 5;
const SEED = 20260105;

interface AfinnAnalyzer {
  analyze(text: string): { score: number; comparative: number };
}

/** The simulated newswire's own headlines (what mock mode scores), as many as asked, with their direction. */
function newswireHeadlines(count: number): NewswireEvent[] {
  const open = Date.UTC(2026, 0, 5, 3, 45);
  const wire = new Newswire(allInstruments(), SEED, {
    sessionFraction: (ts) => ((ts - open) % 86_400_000) / 22_500_000,
  });
  const events: NewswireEvent[] = [];
  wire.onEvent((event) => events.push(event));
  // One long session in minute steps: the thinning keeps to the session's shape each day.
  for (let minute = 0; events.length < count; minute++) wire.advance(60, open + minute * 60_000);
  return events.slice(0, count);
}

/** Scores every headline `rounds` times; headlines per second for each round. */
function rate(score: (text: string) => number, texts: readonly string[]): number[] {
  const rounds: number[] = [];
  let sink = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    for (const text of texts) sink += score(text);
    rounds.push(texts.length / ((performance.now() - t0) / 1000));
  }
  if (Number.isNaN(sink)) throw new Error('a score was NaN');
  return rounds;
}

function agreement(score: (text: string) => number, events: readonly NewswireEvent[]): number {
  const right = events.filter((event) => Math.sign(score(event.title)) === Math.sign(event.move)).length;
  return (100 * right) / events.length;
}

export async function run(): Promise<void> {
  const events = newswireHeadlines(HEADLINES);
  const texts = events.map((event) => event.title);
  const scorer = createFinanceScorer();
  const afinn = new (createRequire(import.meta.url)('sentiment') as new () => AfinnAnalyzer)();
  const ours = (text: string) => scorer.score(text).score;
  const peer = (text: string) => afinn.analyze(text).comparative;
  // Warm both up (JIT), then alternate measured rounds so neither gets the quieter moment.
  rate(ours, texts.slice(0, 2000));
  rate(peer, texts.slice(0, 2000));
  const runs: { ours: number; peer: number }[] = [];
  for (let i = 0; i < 3; i++)
    runs.push({ ours: median(rate(ours, texts), (x) => x), peer: median(rate(peer, texts), (x) => x) });
  const oursRate = median(runs, (run) => run.ours);
  const peerRate = median(runs, (run) => run.peer);
  metric('ml.lexicon.headlines', texts.length, 'headlines', 0);
  metric('ml.lexicon.rate', oursRate, 'headlines/s', 0);
  metric('ml.lexicon.peer_afinn_rate', peerRate, 'headlines/s', 0);
  metric('ml.lexicon.vs_peer', oursRate / peerRate, 'x', 2);
  metric('ml.lexicon.direction_agreement', agreement(ours, events), '%', 1);
  metric('ml.lexicon.peer_afinn_direction_agreement', agreement(peer, events), '%', 1);
  const ok = oursRate >= GOAL.perSecond && oursRate / peerRate >= GOAL.ratio;
  console.log(
    `goal: ≥ ${GOAL.perSecond.toLocaleString('en-IN')} headlines/s and ≥ ${GOAL.ratio}× AFINN — ${ok ? 'met' : 'NOT met'}`,
  );

  const models = await import('./ml-models');
  await models.run();
}
