import { runToEnd } from '../../../core/time-slices';
import { SqlPredictionsRepository } from '../../../storage/sql/predictions-repository';
import { type Db, openDatabase } from '../../../storage/sqlite/database';
import { HORIZON_MINUTES, MIN_BARS } from './features';
import { ModelEngine } from './model-engine';
import { ModelEnsemble } from './model-ensemble';
import { emptyCounters } from './online-learning';
import { niftyHistory } from './replay-evaluation';
import {
  inProcessWalkForward,
  ML_FULL_SAY_EDGE,
  mlSay,
  type TrainingHistory,
  type WalkForwardReport,
  walkForwardSteps,
} from './walk-forward';

const SEED = 11;

/** Three generated sessions of the NIFTY 50, as the engine reads the simulator's history. */
function trainingHistory(sessions = 3): TrainingHistory {
  const { instruments, dates, history } = niftyHistory(sessions, SEED);
  const sectors = new Map(instruments.map((i) => [i.symbol, i.sector]));
  return {
    dates,
    sessionBarSteps: (date) => history.sessionBarSteps(date),
    dailyCloses: (symbol) => history.dailyBars(symbol).map((bar) => bar.close),
    sectorOf: (symbol) => sectors.get(symbol),
  };
}

const report = (edge: number, interval: [number, number] | null): WalkForwardReport => ({
  sessions: 30,
  scoredSessions: 25,
  predictions: 70_000,
  accuracy: 0.5 + edge,
  alwaysUpAccuracy: 0.5,
  coinAccuracy: 0.5,
  edge,
  edgeInterval: interval,
});

describe('the ML vote’s say in the loop follows its measured out-of-sample edge', () => {
  it('has no say without a walk-forward, or while the edge’s interval reaches 0 or below', () => {
    expect(mlSay(null)).toBe(0);
    expect(mlSay(report(0.01, null))).toBe(0);
    expect(mlSay(report(0.01, [-0.005, 0.025]))).toBe(0);
    expect(mlSay(report(-0.02, [-0.04, -0.001]))).toBe(0);
  });

  it('grows with the lower end of the interval and is full from 3 points', () => {
    expect(mlSay(report(0.03, [ML_FULL_SAY_EDGE / 2, 0.045]))).toBeCloseTo(0.5);
    expect(mlSay(report(0.06, [0.04, 0.08]))).toBe(1);
  });
});

describe('the walk-forward over past sessions', () => {
  it('scores only predictions made after the warm-up, each before its outcome was learned', () => {
    const history = trainingHistory(3);
    const ensemble = new ModelEnsemble();
    const learnedBefore: number[] = [];
    const learn = ensemble.learn.bind(ensemble);
    ensemble.learn = (batch, now) => {
      learnedBefore.push(now);
      return learn(batch, now);
    };
    const tally = runToEnd(
      walkForwardSteps(history, ensemble, { warmupSessions: 1, stepMinutes: 15, seed: 1 }),
    );

    // 375-minute sessions: predictions from minute 59 while 30 minutes remain, every 15 minutes, for
    // 50 stocks; an outcome left flat is neither call's success and is not scored.
    const perSession = Math.ceil((375 - HORIZON_MINUTES - (MIN_BARS - 1)) / 15);
    expect(tally.n).toBeLessThanOrEqual(2 * perSession * 50);
    expect(tally.n).toBeGreaterThan(0.95 * 2 * perSession * 50);
    expect(tally.sessions).toHaveLength(2);
    expect(tally.sessionEdges).toHaveLength(2);
    // Outcomes are learned in time order, none before its horizon: the first batch comes 30 minutes in.
    expect(learnedBefore.length).toBeGreaterThan(0);
    expect([...learnedBefore].sort((a, b) => a - b)).toEqual(learnedBefore);
    for (const [i, accuracy] of tally.sessions.entries()) {
      expect(accuracy).toBeGreaterThanOrEqual(0);
      expect(accuracy).toBeLessThanOrEqual(1);
      expect(tally.sessionEdges[i]!.overCoin).toBeCloseTo(accuracy - 0.5, 12);
    }
  });
});

describe('the model engine starts trained', () => {
  let db: Db;
  beforeEach(() => {
    db = openDatabase(':memory:');
  });
  afterEach(() => db.close());

  const NOW = Date.UTC(2026, 0, 5, 4, 30);
  const engineOn = (history: TrainingHistory | null) =>
    new ModelEngine({
      predictions: new SqlPredictionsRepository(db),
      universe: () => [],
      minuteBars: () => [],
      previousClose: () => undefined,
      sectorOf: () => undefined,
      now: () => NOW,
      walkForward: () => (history ? inProcessWalkForward(history) : null),
      intervalMs: 3_600_000,
    });

  it('on a fresh install keeps the models trained on the past sessions, and reports their out-of-sample record', async () => {
    const engine = engineOn(trainingHistory(3));
    engine.start();
    expect(engine.ensembleStatus().out_of_sample).toMatchObject({ status: 'running', say: 0 });
    await engine.walkForwardDone();
    engine.stop();

    const status = engine.ensembleStatus();
    const oos = status.out_of_sample;
    expect(oos).toMatchObject({ status: 'complete', sessions: 3, scored_sessions: 2 });
    expect(oos.predictions).toBeGreaterThan(0);
    for (const share of [oos.accuracy, oos.always_up_accuracy, oos.coin_accuracy]) {
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(1);
    }
    expect(oos.edge_low).toBeLessThan(oos.edge_high!);
    expect(oos.note).toMatch(/^Walk-forward over 3 past sessions, 2 scored out of sample: /);
    expect(engine.say()).toBe(
      mlSay(
        engine.walkForward().status === 'complete'
          ? (engine.walkForward() as { report: WalkForwardReport }).report
          : null,
      ),
    );

    // Every model with a view has a measured record, and the weights moved off uniform. The news
    // model has none: the generated sessions carry no news, so it stays inactive rather than pretend.
    for (const [name, model] of Object.entries(status.models)) {
      expect(model.active).toBe(name !== 'news_sentiment');
      if (name !== 'news_sentiment') expect(model.prediction_count).toBeGreaterThan(0);
    }
    expect(new Set(Object.values(status.models).map((m) => m.weight.toFixed(6))).size).toBeGreaterThan(1);
    expect(engine.onlineLearningStatus().total_updates).toBeGreaterThan(0);

    // A restart reads the trained models back.
    const restarted = engineOn(null);
    expect(restarted.ensembleStatus().models).toEqual(status.models);
    expect(restarted.ensembleStatus().out_of_sample).toMatchObject({ status: 'not_run', say: 0 });
  });

  it('explains a prediction with non-zero contributions from the first minute', async () => {
    const history = trainingHistory(3);
    const engine = engineOn(history);
    engine.start();
    await engine.walkForwardDone();
    engine.stop();
    const bars = runToEnd(history.sessionBarSteps(history.dates.at(-1)!));
    const universe = [...bars].map(([symbol, series]) => ({ symbol, bars: series.slice(0, 90) }));
    const [first] = engine.observeAndPredict(universe, NOW);
    expect(first!.prediction.explanation.contributions.some(({ contribution }) => contribution !== 0)).toBe(
      true,
    );
  });

  it('measures but does not replace models an install already learned', async () => {
    const first = engineOn(trainingHistory(2));
    first.start();
    await first.walkForwardDone();
    first.stop();
    const learned = first.ensembleStatus().models;

    const again = engineOn(trainingHistory(2));
    again.start();
    await again.walkForwardDone();
    again.stop();
    expect(again.walkForward()).toMatchObject({ status: 'complete', installed: false });
    expect(again.ensembleStatus().models).toEqual(learned);
  });

  it('says why nothing was measured when the feed has no past sessions, and gives ML no say', async () => {
    const engine = engineOn(null);
    engine.start();
    await engine.walkForwardDone();
    engine.stop();
    expect(engine.ensembleStatus().out_of_sample).toMatchObject({
      status: 'not_run',
      say: 0,
      note: 'No past sessions of this feed to train on: the models learn from live predictions only.',
    });
  });

  it('stops mid-way when the engine stops, leaving no result', async () => {
    const engine = engineOn(trainingHistory(3));
    engine.start();
    engine.stop();
    await engine.walkForwardDone();
    expect(engine.walkForward()).toEqual({
      status: 'not_run',
      reason: 'The server stopped before the walk-forward ended.',
    });
    expect(engine.say()).toBe(0);
  });

  it('gives the ML vote the say a measured edge earns, and none once the feed is not the one measured', async () => {
    // A walk-forward whose ten scored sessions each beat always-up and a coin by 5 to 7 points.
    const sessions = Array.from({ length: 10 }, (_, i) => 0.56 + (i % 3) * 0.01);
    const tally = {
      n: 10_000,
      ensemble: 5_700,
      alwaysUp: 5_000,
      coin: 5_000,
      confident: 0,
      confidentRight: 0,
      models: [],
      modelCalls: [],
      sessions,
      sessionEdges: sessions.map((accuracy) => ({ overAlwaysUp: accuracy - 0.5, overCoin: accuracy - 0.5 })),
    };
    let simulatorIsTheFeed = true;
    const engine = new ModelEngine({
      predictions: new SqlPredictionsRepository(db),
      universe: () => [],
      minuteBars: () => [],
      previousClose: () => undefined,
      sectorOf: () => undefined,
      now: () => NOW,
      intervalMs: 3_600_000,
      walkForward: () => ({
        sessions: 12,
        run: async () => ({ records: [], rebalances: 0, counters: emptyCounters(), holdout: [], tally }),
      }),
      measuredFeedInUse: () => simulatorIsTheFeed,
    });
    engine.start();
    await engine.walkForwardDone();
    engine.stop();
    expect(engine.say()).toBe(1);
    expect(engine.ensembleStatus().out_of_sample).toMatchObject({ status: 'complete', say: 1 });
    expect(engine.ensembleStatus().out_of_sample.note).toMatch(/its vote counts 100 %\.$/);

    simulatorIsTheFeed = false;
    expect(engine.say()).toBe(0);
  });
});
