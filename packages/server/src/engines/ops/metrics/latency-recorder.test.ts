import Fastify from 'fastify';
import { LatencyRecorder, percentile, recordRequestLatency } from './latency-recorder';

describe('LatencyRecorder', () => {
  it('reports p50 and p95 of the recorded durations', () => {
    const recorder = new LatencyRecorder(200);
    for (let ms = 1; ms <= 100; ms++) recorder.record(ms);
    expect(recorder.summary()).toEqual({ p50: 50, p95: 95, count: 100 });
  });

  it('keeps only the latest durations once the ring is full, and ignores non-numbers', () => {
    const recorder = new LatencyRecorder(4);
    for (const ms of [500, 500, 500, 500, 1, 2, 3, 4, Number.NaN, -1]) recorder.record(ms);
    expect(recorder.summary()).toEqual({ p50: 2, p95: 4, count: 4 });
  });

  it('has no percentile before any request', () => {
    expect(new LatencyRecorder().summary()).toEqual({ p50: null, p95: null, count: 0 });
    expect(percentile([], 50)).toBeNull();
  });
});

describe('requests in flight', () => {
  it('counts a request while it is being answered and not after', async () => {
    const recorder = new LatencyRecorder();
    const app = Fastify();
    recordRequestLatency(app, recorder);
    let seenInside = -1;
    app.get('/slow', async () => {
      seenInside = recorder.inFlight();
      return { ok: true };
    });
    await app.ready();
    const reply = await app.inject({ method: 'GET', url: '/slow' });
    expect(reply.statusCode).toBe(200);
    expect(seenInside).toBe(1);
    expect(recorder.inFlight()).toBe(0);
    expect(recorder.summary().count).toBe(1);
    await app.close();
  });

  it('ends the count for a request that failed too', async () => {
    const recorder = new LatencyRecorder();
    const app = Fastify();
    recordRequestLatency(app, recorder);
    app.get('/broken', async () => {
      throw new Error('boom');
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/missing' })).statusCode).toBe(404);
    expect(recorder.inFlight()).toBe(0);
    await app.close();
  });
});
