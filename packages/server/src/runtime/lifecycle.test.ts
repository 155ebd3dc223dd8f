import type { Engine } from '../core/ports/engine';
import { startAll, stopAll } from './lifecycle';

function recordingEngine(name: string, calls: string[], failStop = false): Engine {
  return {
    name,
    start: () => {
      calls.push(`start ${name}`);
    },
    stop: async () => {
      // Yield first, so a stop that was not awaited would let the next one record before it.
      await Promise.resolve();
      calls.push(`stop ${name}`);
      if (failStop) throw new Error(`${name} would not stop`);
    },
  };
}

describe('engine lifecycle', () => {
  it('starts in list order and stops in reverse, each stop awaited before the next', async () => {
    const calls: string[] = [];
    const engines = ['storage', 'market', 'broker'].map((name) => recordingEngine(name, calls));
    await startAll(engines);
    await expect(stopAll(engines)).resolves.toEqual([]);
    expect(calls).toEqual([
      'start storage',
      'start market',
      'start broker',
      'stop broker',
      'stop market',
      'stop storage',
    ]);
  });

  it('carries on past a failing stop, so the database still closes, and reports the failure', async () => {
    const calls: string[] = [];
    const engines = [
      recordingEngine('storage', calls),
      recordingEngine('market', calls, true),
      recordingEngine('broker', calls),
    ];
    const failures = await stopAll(engines);
    expect(calls).toEqual(['stop broker', 'stop market', 'stop storage']);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.engine).toBe('market');
    expect(String(failures[0]?.error)).toContain('market would not stop');
  });

  it('stops starting at the first engine whose start throws', async () => {
    const calls: string[] = [];
    const broken: Engine = {
      name: 'market',
      start: async () => {
        throw new Error('no feed');
      },
      stop: async () => {},
    };
    await expect(
      startAll([recordingEngine('storage', calls), broken, recordingEngine('broker', calls)]),
    ).rejects.toThrow('no feed');
    expect(calls).toEqual(['start storage']);
  });
});
