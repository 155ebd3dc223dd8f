import type { ClusterEvent } from '../../core/ports/cluster-bus';
import { nextCall, testRedisUrl, uniqueRedisPrefix } from '../../test-support/test-redis';
import { LocalClusterBus } from '../memory/local-cluster-bus';
import { openRedisCluster, type RedisCluster } from './redis-cluster';

const revoked: ClusterEvent = { type: 'session-revoked', email: 'trader@example.com' };

describe('RedisClusterBus', () => {
  let prefix: string;
  let a: RedisCluster;
  let b: RedisCluster;

  beforeEach(async () => {
    prefix = uniqueRedisPrefix('bus');
    a = openRedisCluster({ url: testRedisUrl(), prefix, instanceId: 'a' });
    b = openRedisCluster({ url: testRedisUrl(), prefix, instanceId: 'b' });
    await Promise.all([a.bus.ready(), b.bus.ready()]);
  });

  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it("delivers an event to the other instance and to the publisher's own subscribers, naming the sender", async () => {
    const atA = nextCall<[ClusterEvent, string]>();
    const atB = nextCall<[ClusterEvent, string]>();
    a.bus.subscribe('session-revoked', (event, from) => atA.callback([event, from]));
    b.bus.subscribe('session-revoked', (event, from) => atB.callback([event, from]));
    await a.bus.publish(revoked);
    expect(await atB.called).toEqual([revoked, 'a']);
    expect(await atA.called).toEqual([revoked, 'a']);
  });

  it('hands each subscriber only the type it asked for, in publishing order', async () => {
    const seen: string[] = [];
    const done = nextCall<void>();
    b.bus.subscribe('stream-frames', (event) => {
      seen.push(String(event.frames[0]?.data));
      if (seen.length === 3) done.callback();
    });
    b.bus.subscribe('halt-changed', () => seen.push('halt'));
    for (const n of [1, 2, 3])
      await a.bus.publish({ type: 'stream-frames', frames: [{ topic: 't', data: n }] });
    await done.called;
    expect(seen).toEqual(['1', '2', '3']);
  });

  it('does not hear a bus with another prefix', async () => {
    const other = openRedisCluster({
      url: testRedisUrl(),
      prefix: uniqueRedisPrefix('other'),
      instanceId: 'c',
    });
    try {
      await other.bus.ready();
      const heard: string[] = [];
      other.bus.subscribe('session-revoked', (_event, from) => heard.push(from));
      const atB = nextCall<void>();
      b.bus.subscribe('session-revoked', () => atB.callback());
      await a.bus.publish(revoked);
      await atB.called;
      // The other bus subscribed first and Redis delivers in order: had it heard, it would have by now.
      await other.bus.publish(revoked);
      await new Promise<void>((resolve) => other.bus.subscribe('session-revoked', () => resolve()));
      expect(heard).toEqual(['c']);
    } finally {
      await other.close();
    }
  });
});

describe('LocalClusterBus', () => {
  it('delivers synchronously inside publish, to this process only', () => {
    const bus = new LocalClusterBus('solo');
    const seen: string[] = [];
    bus.subscribe('session-revoked', (event, from) => seen.push(`${event.email} from ${from}`));
    void bus.publish(revoked);
    expect(seen).toEqual(['trader@example.com from solo']);
  });

  it('keeps delivering to the others when one handler throws, and reports it', () => {
    const errors: unknown[] = [];
    const bus = new LocalClusterBus('solo', (error) => errors.push(error));
    const seen: string[] = [];
    bus.subscribe('session-revoked', () => {
      throw new Error('boom');
    });
    bus.subscribe('session-revoked', () => seen.push('second'));
    void bus.publish(revoked);
    expect(seen).toEqual(['second']);
    expect(errors).toHaveLength(1);
  });
});
