import { openDatabase } from '../sqlite/database';
import { SqlBacktestRunsRepository } from './backtest-runs-repository';

const runs = () => new SqlBacktestRunsRepository(openDatabase(':memory:'));
const settings = { from: '2026-01-27', to: '2026-01-28', capital: 100_000 };

describe('the backtest_runs table', () => {
  it('keeps a run from running to complete, with its progress, settings and result', () => {
    const repo = runs();
    repo.insert({ id: 'a', createdAt: 1_000, settings, totalBars: 750, owner: 'api-1' });
    repo.progress('a', 300, 1_500);
    expect(repo.get('a')).toEqual({
      id: 'a',
      createdAt: 1_000,
      finishedAt: null,
      status: 'running',
      settings,
      barsDone: 300,
      totalBars: 750,
      result: null,
      error: null,
    });
    repo.finish('a', {
      status: 'complete',
      finishedAt: 2_000,
      result: { net_pnl: -12.5 },
      error: null,
      barsDone: 750,
    });
    expect(repo.get('a')).toMatchObject({
      status: 'complete',
      finishedAt: 2_000,
      barsDone: 750,
      result: { net_pnl: -12.5 },
    });
  });

  it('ends a run once: a later end or progress changes nothing', () => {
    const repo = runs();
    repo.insert({ id: 'a', createdAt: 1_000, settings, totalBars: 750, owner: 'api-1' });
    repo.finish('a', { status: 'cancelled', finishedAt: 2_000, result: null, error: null, barsDone: 100 });
    repo.finish('a', {
      status: 'complete',
      finishedAt: 3_000,
      result: { net_pnl: 1 },
      error: null,
      barsDone: 750,
    });
    repo.progress('a', 700, 1_500);
    expect(repo.get('a')).toMatchObject({
      status: 'cancelled',
      finishedAt: 2_000,
      barsDone: 100,
      result: null,
    });
  });

  it('fails the runs a stopped server left running, and lists the newest first without results', () => {
    const repo = runs();
    repo.insert({ id: 'old', createdAt: 1_000, settings, totalBars: 750, owner: 'api-1' });
    repo.finish('old', {
      status: 'complete',
      finishedAt: 1_500,
      result: { net_pnl: 3 },
      error: null,
      barsDone: 750,
    });
    repo.insert({ id: 'new', createdAt: 2_000, settings, totalBars: 750, owner: 'api-1' });
    expect(
      repo.failRunning({
        finishedAt: 5_000,
        error: 'The server stopped during the run: start it again.',
        owner: 'api-1',
        staleBefore: 0,
      }),
    ).toBe(1);
    const list = repo.list(10);
    expect(list.map((run) => [run.id, run.status, run.error])).toEqual([
      ['new', 'failed', 'The server stopped during the run: start it again.'],
      ['old', 'complete', null],
    ]);
    expect(list[0]).not.toHaveProperty('result');
    expect(repo.get('missing')).toBeNull();
  });

  it('refuses a status outside the four', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      db
        .prepare(
          "INSERT INTO backtest_runs (id, created_at, status, settings) VALUES ('x', 1, 'paused', '{}')",
        )
        .run(),
    ).toThrow(/CHECK constraint failed/);
  });
});
