import type { InstanceRecord } from '../../core/ports/repositories/instances';
import { openDatabase } from '../sqlite/database';
import { SqlInstancesRepository } from './instances-repository';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const instance = (overrides: Partial<InstanceRecord> = {}): InstanceRecord => ({
  id: 'api-a',
  host: 'node-1',
  pid: 4100,
  startedAt: T0,
  heartbeatAt: T0,
  cpuPercent: 12.5,
  memoryBytes: 180_000_000,
  connections: 3,
  isLeader: true,
  ...overrides,
});

describe('SqlInstancesRepository', () => {
  it('creates the row on the first beat and updates it in place on the next', () => {
    const instances = new SqlInstancesRepository(openDatabase(':memory:'));
    instances.beat(instance());
    instances.beat(instance({ heartbeatAt: T0 + 5000, cpuPercent: 40, connections: 7, isLeader: false }));
    expect(instances.liveSince(T0)).toEqual([
      instance({ heartbeatAt: T0 + 5000, cpuPercent: 40, connections: 7, isLeader: false }),
    ]);
  });

  it('lists only the instances whose heartbeat is recent enough, the oldest instance first', () => {
    const instances = new SqlInstancesRepository(openDatabase(':memory:'));
    instances.beat(instance({ id: 'api-b', startedAt: T0 + 1000, heartbeatAt: T0 + 20_000 }));
    instances.beat(instance({ id: 'api-a', heartbeatAt: T0 + 18_000 }));
    instances.beat(instance({ id: 'api-dead', heartbeatAt: T0 + 2000 }));
    expect(instances.liveSince(T0 + 5000).map((row) => row.id)).toEqual(['api-a', 'api-b']);
  });

  it('removes a stopped instance, and the long-silent ones in one sweep', () => {
    const instances = new SqlInstancesRepository(openDatabase(':memory:'));
    instances.beat(instance({ id: 'api-a', heartbeatAt: T0 + 60_000 }));
    instances.beat(instance({ id: 'api-b', heartbeatAt: T0 + 60_000 }));
    instances.beat(instance({ id: 'api-old', heartbeatAt: T0 }));
    instances.remove('api-b');
    expect(instances.removeSilentBefore(T0 + 1)).toBe(1);
    expect(instances.liveSince(0).map((row) => row.id)).toEqual(['api-a']);
  });
});
