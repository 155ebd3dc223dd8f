import { LatencyRecorder, percentile } from './latency-recorder';

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
