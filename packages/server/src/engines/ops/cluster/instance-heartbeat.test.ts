import { SqlInstancesRepository } from '../../../storage/sql/instances-repository';
import { openDatabase } from '../../../storage/sqlite/database';
import { createInstanceHeartbeat, type InstanceHeartbeatDeps } from './instance-heartbeat';

const T0 = Date.UTC(2026, 0, 5, 4, 0);

function twoInstancesOnOneDatabase() {
  const instances = new SqlInstancesRepository(openDatabase(':memory:'));
  let now = T0;
  let leader = 'api-a';
  const make = (id: string, overrides: Partial<InstanceHeartbeatDeps> = {}) =>
    createInstanceHeartbeat({
      instances,
      identity: { id, host: `host-${id}`, pid: 100 },
      now: () => now,
      isLeader: () => leader === id,
      connections: () => 4,
      cpuPercent: () => 37.5,
      memoryBytes: () => 200_000_000,
      ...overrides,
    });
  return {
    instances,
    make,
    advance: (ms: number) => {
      now += ms;
    },
    lead: (id: string) => {
      leader = id;
    },
  };
}

describe('instance heartbeat', () => {
  it('writes who it is, whether it leads and its CPU, memory and connections', () => {
    const { make } = twoInstancesOnOneDatabase();
    const a = make('api-a');
    expect(a.beat()).toEqual({
      id: 'api-a',
      host: 'host-api-a',
      pid: 100,
      startedAt: T0,
      heartbeatAt: T0,
      cpuPercent: 37.5,
      memoryBytes: 200_000_000,
      connections: 4,
      isLeader: true,
    });
  });

  it('lists both instances sharing a database, and drops one whose heartbeat is over 15 s old', () => {
    const { make, advance } = twoInstancesOnOneDatabase();
    const a = make('api-a');
    const b = make('api-b');
    a.beat();
    b.beat();
    expect(a.live().map((row) => row.id)).toEqual(['api-a', 'api-b']);
    advance(15_000);
    a.beat();
    expect(a.live().map((row) => row.id)).toEqual(['api-a', 'api-b']);
    advance(1);
    a.beat();
    expect(a.live().map((row) => row.id)).toEqual(['api-a']);
  });

  it('moves the leader flag with each heartbeat', () => {
    const { make, lead } = twoInstancesOnOneDatabase();
    const a = make('api-a');
    const b = make('api-b');
    a.beat();
    b.beat();
    lead('api-b');
    a.beat();
    b.beat();
    expect(a.live().map((row) => [row.id, row.isLeader])).toEqual([
      ['api-a', false],
      ['api-b', true],
    ]);
  });

  it('writes a change of leader at once, without waiting for the next beat, until stopped', () => {
    const { make, lead } = twoInstancesOnOneDatabase();
    const listeners = new Set<() => void>();
    const onLeaderChange = (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    lead('api-a');
    const b = make('api-b', { onLeaderChange });
    b.start();
    expect(b.live().find((row) => row.id === 'api-b')?.isLeader).toBe(false);
    lead('api-b');
    for (const listener of listeners) listener();
    expect(b.live().find((row) => row.id === 'api-b')?.isLeader).toBe(true);
    b.stop();
    expect(listeners.size).toBe(0);
  });

  it('removes its row when it stops', () => {
    const { make } = twoInstancesOnOneDatabase();
    const a = make('api-a');
    const b = make('api-b');
    a.beat();
    b.beat();
    b.stop();
    expect(a.live().map((row) => row.id)).toEqual(['api-a']);
  });

  it('counts itself live before its first beat lands', () => {
    const { make } = twoInstancesOnOneDatabase();
    const a = make('api-a');
    expect(a.live().map((row) => row.id)).toEqual(['api-a']);
  });

  it('lets the leader sweep rows silent for an hour', () => {
    const { make, advance, instances } = twoInstancesOnOneDatabase();
    make('api-dead').beat();
    advance(60 * 60_000 + 1);
    make('api-a').beat();
    expect(instances.liveSince(0).map((row) => row.id)).toEqual(['api-a']);
  });

  it('reports a beat that failed and beats again on the timer', () => {
    jest.useFakeTimers();
    try {
      const { make } = twoInstancesOnOneDatabase();
      const errors: unknown[] = [];
      const heartbeat = make('api-a', {
        onError: (error) => errors.push(error),
        connections: () => {
          if (errors.length === 0) throw new Error('database busy');
          return 1;
        },
      });
      heartbeat.start();
      expect(errors).toHaveLength(1);
      jest.advanceTimersByTime(5000);
      expect(heartbeat.self().connections).toBe(1);
      heartbeat.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('measures its own process when no meters are given', () => {
    const { instances } = twoInstancesOnOneDatabase();
    const heartbeat = createInstanceHeartbeat({
      instances,
      identity: { id: 'api-real', host: 'here', pid: process.pid },
      now: () => T0,
      isLeader: () => true,
      connections: () => 0,
    });
    const record = heartbeat.beat();
    expect(record.memoryBytes).toBeGreaterThan(1_000_000);
    expect(record.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(record.cpuPercent).toBeLessThanOrEqual(100);
  });
});
