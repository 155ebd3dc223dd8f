import { databases } from '../../test-support/databases';
import { openRepositories, T0 } from './test-support/repository-fixture';

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('the phases repository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it("keeps each account's phase history newest first, equity in whole paise", () => {
    const { phases } = openRepositories(open());
    expect(phases.latest('paper')).toBeUndefined();
    phases.record('paper', {
      phase: 1,
      fromPhase: null,
      kind: 'start',
      reason: 'capital',
      enteredAt: T0,
      equityPaise: 2_500_000.6,
    });
    phases.record('paper', {
      phase: 2,
      fromPhase: 1,
      kind: 'promotion',
      reason: 'requirements met',
      enteredAt: T0 + 1,
      equityPaise: 5_000_000,
    });
    expect(phases.latest('paper')).toEqual({
      id: 2,
      phase: 2,
      fromPhase: 1,
      kind: 'promotion',
      reason: 'requirements met',
      enteredAt: T0 + 1,
      equityPaise: 5_000_000,
    });
    expect(phases.recent('paper', 5).map((row) => [row.phase, row.equityPaise])).toEqual([
      [2, 5_000_000],
      [1, 2_500_001],
    ]);
    expect(phases.recent('live', 5)).toEqual([]);
  });
});
