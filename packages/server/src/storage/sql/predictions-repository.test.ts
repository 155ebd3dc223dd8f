import type { NewPrediction } from '../../core/ports/repositories/predictions';
import { databases } from '../../test-support/databases';
import { SqlPredictionsRepository } from './predictions-repository';

type Observation = { x: number[] };
type Counters = { total_updates: number };

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const HORIZON = 30 * 60_000;

function prediction(symbol: string, madeAt: number): NewPrediction<Observation> {
  return {
    symbol,
    madeAt,
    dueAt: madeAt + HORIZON,
    horizonMinutes: 30,
    pricePaise: 150_000.4,
    probability: 0.62,
    direction: 'UP',
    confidence: 0.24,
    votes: { momentum: { probability: 0.7, reasons: ['Rising for 5 bars'] } },
    observation: { x: [0.1, -0.2] },
    explanation: { base: 0.1, logit: 0.5, features: [] },
  };
}

const repository = () => new SqlPredictionsRepository<Observation, Counters>(open());

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('SqlPredictionsRepository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('stores predictions with their documents and reads them back newest first', () => {
    const predictions = repository();
    predictions.record([prediction('INFY', T0), prediction('TCS', T0 + 60_000)]);
    const [newest, oldest] = predictions.list();
    expect(newest).toMatchObject({ symbol: 'TCS', resolvedAt: null, outcomeUp: null, correct: null });
    expect(oldest).toMatchObject({ ...prediction('INFY', T0), pricePaise: 150_000 });
    expect(predictions.list({ symbol: 'INFY' }).map((p) => p.symbol)).toEqual(['INFY']);
    expect(predictions.byId(oldest!.id)).toEqual(oldest);
    expect(predictions.byId(999)).toBeNull();
  });

  it('hands out the due predictions and keeps their outcomes', () => {
    const predictions = repository();
    predictions.record([prediction('INFY', T0), prediction('TCS', T0 + HORIZON)]);
    const due = predictions.due(T0 + HORIZON);
    expect(due.map((p) => p.symbol)).toEqual(['INFY']);
    predictions.resolve([{ id: due[0]!.id, at: T0 + HORIZON, pricePaise: 151_000, up: 1, correct: true }]);
    expect(predictions.due(T0 + HORIZON)).toEqual([]);
    expect(predictions.recentResolved(5)).toMatchObject([
      { symbol: 'INFY', outcomePricePaise: 151_000, outcomeUp: 1, correct: true },
    ]);
    expect(predictions.counts()).toEqual({
      total: 2,
      resolved: 1,
      correct: 1,
      pending: 1,
      meanConfidence: 0.24,
      symbols: 2,
    });
  });

  it('knows each stock’s newest prediction and prunes only resolved old ones', () => {
    const predictions = repository();
    predictions.record([prediction('INFY', T0), prediction('INFY', T0 + 60_000), prediction('TCS', T0)]);
    expect(predictions.latestBySymbol()).toEqual(
      new Map([
        ['INFY', T0 + 60_000],
        ['TCS', T0],
      ]),
    );
    const [first] = predictions.due(T0 + HORIZON, 1);
    predictions.resolve([{ id: first!.id, at: T0 + HORIZON, pricePaise: null, up: null, correct: null }]);
    expect(predictions.prune(T0 + 1)).toBe(1);
    expect(predictions.counts().total).toBe(2);
  });

  it('saves every model and the learning counters, and loads them back', () => {
    const predictions = repository();
    expect(predictions.loadLearning()).toBeNull();
    const model = {
      name: 'momentum',
      state: { w: [1, 2] },
      weight: 0.2,
      resolved: 10,
      correct: 6,
      upCalls: 4,
      upWins: 3,
    };
    predictions.saveModels([model], { total_updates: 7 }, 2, T0);
    predictions.saveModels([{ ...model, weight: 0.3 }], { total_updates: 8 }, 3, T0 + 1);
    expect(predictions.loadModels()).toEqual(new Map([['momentum', { ...model, weight: 0.3 }]]));
    expect(predictions.loadLearning()).toEqual({ counters: { total_updates: 8 }, rebalances: 3 });
  });
});
