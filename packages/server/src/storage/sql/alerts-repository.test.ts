import type { AlertDraft } from '../../core/ports/repositories/alerts';
import { databases } from '../../test-support/databases';
import { SqlAlertsRepository } from './alerts-repository';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const draft: AlertDraft = {
  kind: 'concentration',
  subject: 'INFY',
  severity: 'medium',
  message: 'INFY is 22% of equity.',
  suggestedAction: 'Trim INFY.',
  actionRequired: true,
};

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('SqlAlertsRepository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('stores an open alert and finds it by id and by kind and subject', () => {
    const alerts = new SqlAlertsRepository(open());
    const id = alerts.add(draft, T0);
    const stored = { ...draft, id, createdAt: T0, acknowledgedAt: null, resolvedAt: null };
    expect(alerts.byId(id)).toEqual(stored);
    expect(alerts.openFor('concentration', 'INFY')).toEqual(stored);
    expect(alerts.openFor('concentration', 'TCS')).toBeUndefined();
  });

  it('rewords, acknowledges and resolves an alert; a resolved one is no longer open', () => {
    const alerts = new SqlAlertsRepository(open());
    const id = alerts.add(draft, T0);
    alerts.reword(id, { message: 'INFY is 30% of equity.', severity: 'high', suggestedAction: 'Sell INFY.' });
    alerts.acknowledge(id, T0 + 1);
    alerts.resolve(id, T0 + 2);
    expect(alerts.byId(id)).toMatchObject({
      message: 'INFY is 30% of equity.',
      severity: 'high',
      suggestedAction: 'Sell INFY.',
      acknowledgedAt: T0 + 1,
      resolvedAt: T0 + 2,
    });
    expect(alerts.openFor('concentration', 'INFY')).toBeUndefined();
    expect(alerts.openOfKinds(['concentration'])).toEqual([]);
  });

  it('lists the open alerts of the kinds asked for only', () => {
    const alerts = new SqlAlertsRepository(open());
    const infy = alerts.add(draft, T0);
    alerts.add({ ...draft, kind: 'daily_loss', subject: 'paper' }, T0);
    expect(alerts.openOfKinds(['concentration', 'halt'])).toEqual([
      { id: infy, kind: 'concentration', subject: 'INFY' },
    ]);
  });

  it('lists open alerts first, newest first, then resolved ones, up to the limit', () => {
    const alerts = new SqlAlertsRepository(open());
    const resolvedNewest = alerts.add({ ...draft, subject: 'A' }, T0 + 30);
    alerts.resolve(resolvedNewest, T0 + 31);
    const openOld = alerts.add({ ...draft, subject: 'B' }, T0 + 10);
    const openNew = alerts.add({ ...draft, subject: 'C' }, T0 + 20);
    expect(alerts.recent(10).map((a) => a.id)).toEqual([openNew, openOld, resolvedNewest]);
    expect(alerts.recent(2).map((a) => a.id)).toEqual([openNew, openOld]);
  });
});
