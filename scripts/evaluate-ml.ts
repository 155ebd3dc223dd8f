// Honest evaluation of the ensemble on replayed simulated sessions (docs/decisions/0017-ml-ensemble.md).
// Run: node --import tsx scripts/evaluate-ml.ts [sessions] [warmup] [step] [seed]
import { averageImprovement } from '../packages/server/src/engines/ml/models/online-learning';
import { replayEvaluation } from '../packages/server/src/engines/ml/models/replay-evaluation';

const [sessions = 20, warmupSessions = 5, stepMinutes = 5, seed = 20260105] = process.argv
  .slice(2)
  .map(Number);
const started = performance.now();
const { tally, modelNames, weights, ensemble } = replayEvaluation({
  sessions,
  warmupSessions,
  stepMinutes,
  seed,
});
const pct = (k: number, n: number) => (n > 0 ? `${((100 * k) / n).toFixed(2)} %` : 'n/a');
const halfWidth = (1.96 * Math.sqrt(0.25 / tally.n) * 100).toFixed(2);

console.log(
  `sessions ${sessions} (first ${warmupSessions} learning only), a prediction per stock every ${stepMinutes} min, seed ${seed}`,
);
console.log(
  `out-of-sample predictions: ${tally.n} (95 % interval of a coin's accuracy: ±${halfWidth} points)`,
);
console.log(`ensemble accuracy: ${pct(tally.ensemble, tally.n)}`);
// Predictions within a session are not independent (50 stocks share the market factor, windows overlap):
// the honest interval treats each session's accuracy as one observation.
const perSession = tally.sessions;
const sessionMean = perSession.reduce((a, b) => a + b, 0) / perSession.length;
const sessionSd = Math.sqrt(
  perSession.reduce((a, b) => a + (b - sessionMean) ** 2, 0) / (perSession.length - 1),
);
console.log(
  `ensemble accuracy by session: mean ${(100 * sessionMean).toFixed(2)} %, 95 % interval ±${((196 * sessionSd) / Math.sqrt(perSession.length)).toFixed(2)} points over ${perSession.length} sessions (range ${(100 * Math.min(...perSession)).toFixed(1)}–${(100 * Math.max(...perSession)).toFixed(1)} %)`,
);
console.log(`always-up baseline: ${pct(tally.alwaysUp, tally.n)}`);
console.log(`coin baseline: ${pct(tally.coin, tally.n)}`);
console.log(
  `ensemble when |P − ½| ≥ 0.05: ${pct(tally.confidentRight, tally.confident)} of ${tally.confident}`,
);
modelNames.forEach((name, i) => {
  console.log(
    `  ${name}: accuracy ${pct(tally.models[i]!, tally.n)}, final weight ${weights[i]!.toFixed(3)}`,
  );
});
const c = ensemble.learning.counters;
console.log(
  `online learning: ${c.total_updates} updates, ${c.successful_updates} kept, ${c.rollbacks} rolled back, avg improvement ${averageImprovement(c)?.toExponential(2)}`,
);
console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
