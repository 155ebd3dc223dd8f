import { OnlineLogisticRegression } from './learners/logistic-regression';
import { syntheticExamples } from './learners/synthetic-data';
import type { LabelledObservation } from './model-types';
import { averageImprovement, OnlineLearning } from './online-learning';

const NOW = Date.UTC(2026, 0, 5, 4, 0);
const planted = (o: { x: number[] }, up: 0 | 1) => {
  o.x[0] = o.x[0]! * 0.5 + (up ? 1 : -1);
};

function trainedModel() {
  const model = new OnlineLogisticRegression(0.05);
  for (const example of syntheticExamples(400, 1, planted)) model.update(example);
  return model;
}

describe('online learning with rollback', () => {
  it('keeps an update that lowers the holdout loss and counts its improvement', () => {
    const model = new OnlineLogisticRegression(0.05);
    const learning = new OnlineLearning([model]);
    learning.seedHoldout(syntheticExamples(100, 2, planted));
    const outcomes = learning.applyBatch(syntheticExamples(50, 3, planted), NOW);
    expect(outcomes[0]).toMatchObject({ kept: true, reason: 'improved' });
    expect(outcomes[0]!.lossAfter!).toBeLessThan(outcomes[0]!.lossBefore!);
    expect(learning.counters).toMatchObject({
      total_updates: 1,
      successful_updates: 1,
      rollbacks: 0,
      models_updated: 1,
      last_update_time: NOW,
    });
    expect(averageImprovement(learning.counters)!).toBeGreaterThan(0);
  });

  it('rolls back an update that makes the holdout worse, leaving the model as it was', () => {
    const model = trainedModel();
    const learning = new OnlineLearning([model]);
    learning.seedHoldout(syntheticExamples(100, 4, planted));
    const before = JSON.stringify(model.snapshot());
    // Mislabelled outcomes: the planted relation reversed.
    const poisoned: LabelledObservation[] = syntheticExamples(60, 5, planted).map((e) => ({
      ...e,
      up: e.up === 1 ? 0 : 1,
    }));
    const [outcome] = learning.applyBatch(poisoned, NOW);
    expect(outcome).toMatchObject({ kept: false, reason: 'worse_on_holdout' });
    expect(JSON.stringify(model.snapshot())).toBe(before);
    expect(learning.counters).toMatchObject({
      total_updates: 1,
      successful_updates: 0,
      rollbacks: 1,
      models_updated: 0,
    });
  });

  it('rolls back an update that turns the model NaN', () => {
    const model = trainedModel();
    const learning = new OnlineLearning([model]);
    learning.seedHoldout(syntheticExamples(100, 6, planted));
    const [broken] = syntheticExamples(1, 7, planted);
    broken!.observation.x[3] = Number.NaN;
    const [outcome] = learning.applyBatch([broken!], NOW);
    expect(outcome).toMatchObject({ kept: false, reason: 'not_finite' });
    const p = model.predict(syntheticExamples(1, 8, planted)[0]!.observation).probability;
    expect(Number.isFinite(p)).toBe(true);
    expect(learning.counters.rollbacks).toBe(1);
  });

  it('catches NaN even before the holdout is large enough to judge', () => {
    const model = new OnlineLogisticRegression();
    const learning = new OnlineLearning([model]);
    const [broken] = syntheticExamples(1, 9, planted);
    broken!.observation.x[0] = Number.POSITIVE_INFINITY;
    expect(learning.applyBatch([broken!], NOW)[0]).toMatchObject({ kept: false, reason: 'not_finite' });
    expect(learning.applyBatch(syntheticExamples(5, 10, planted), NOW)[0]).toMatchObject({
      kept: true,
      reason: 'unchecked',
    });
    expect(learning.counters).toMatchObject({ total_updates: 2, successful_updates: 1, rollbacks: 1 });
  });
});
