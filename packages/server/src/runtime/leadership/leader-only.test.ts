import type { Engine } from '../../core/ports/engine';
import { createSwitchableLeadership } from '../../test-support/switchable-leadership';
import { leaderOnlyWork } from './leader-only';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('leader-only work', () => {
  const calls: string[] = [];
  const engine = (name: string): Engine => ({
    name,
    start: () => void calls.push(`start ${name}`),
    stop: async () => void calls.push(`stop ${name}`),
  });
  beforeEach(() => {
    calls.length = 0;
  });

  it('starts nothing on a follower, then the started engines in list order when it becomes leader', async () => {
    const leadership = createSwitchableLeadership(false);
    const work = leaderOnlyWork(leadership, { error: jest.fn() });
    const [feed, loops] = [work.only(engine('feed')), work.only(engine('loops'))];
    await feed.start();
    await loops.start();
    expect(calls).toEqual([]);
    leadership.set(true);
    await settled();
    expect(calls).toEqual(['start feed', 'start loops']);
    expect(work.running()).toEqual(['feed', 'loops']);
  });

  it('stops them in reverse order on stepping down, and starts them again on leading again', async () => {
    const leadership = createSwitchableLeadership(true);
    const work = leaderOnlyWork(leadership, { error: jest.fn() });
    const wrapped = [work.only(engine('feed')), work.only(engine('loops'))];
    for (const each of wrapped) await each.start();
    leadership.set(false);
    await settled();
    leadership.set(true);
    await settled();
    expect(calls).toEqual([
      ...['start feed', 'start loops'],
      ...['stop loops', 'stop feed'],
      ...['start feed', 'start loops'],
    ]);
  });

  it('never starts an engine the runtime has stopped, nor one it has not started yet', async () => {
    const leadership = createSwitchableLeadership(false);
    const work = leaderOnlyWork(leadership, { error: jest.fn() });
    const feed = work.only(engine('feed'));
    work.only(engine('loops'));
    await feed.start();
    await feed.stop();
    leadership.set(true);
    await settled();
    expect(calls).toEqual([]);
  });

  it('runs a runtime stop after a stepping-down already under way, never beside it', async () => {
    const leadership = createSwitchableLeadership(true);
    const work = leaderOnlyWork(leadership, { error: jest.fn() });
    let finish: () => void = () => {};
    const slow = work.only({
      name: 'slow',
      start: () => {},
      stop: () =>
        new Promise<void>((resolve) => (finish = resolve)).then(() => void calls.push('stopped slow')),
    });
    await slow.start();
    leadership.set(false);
    const runtimeStop = slow.stop().then(() => calls.push('runtime stop done'));
    await settled();
    expect(calls).toEqual([]);
    finish();
    await runtimeStop;
    expect(calls).toEqual(['stopped slow', 'runtime stop done']);
  });

  it('logs an engine that fails to start on leading and still starts the ones after it', async () => {
    const leadership = createSwitchableLeadership(false);
    const log = { error: jest.fn() };
    const work = leaderOnlyWork(leadership, log);
    const broken = work.only({
      name: 'broken',
      start: () => {
        throw new Error('no feed');
      },
      stop: async () => {},
    });
    const loops = work.only(engine('loops'));
    await broken.start();
    await loops.start();
    leadership.set(true);
    await settled();
    expect(calls).toEqual(['start loops']);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ engine: 'broken', leading: true }),
      'leader-only engine did not follow the leadership',
    );
  });
});
