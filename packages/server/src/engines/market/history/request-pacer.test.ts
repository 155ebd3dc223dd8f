import { RequestPacer } from './request-pacer';

function fakeClock() {
  const clock = {
    at: 0,
    slept: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.at += ms;
    },
  };
  return clock;
}

describe('RequestPacer', () => {
  it('lets requests through at once while every window has room', async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock, [{ limit: 3, ms: 1_000 }]);
    for (let i = 0; i < 3; i++) await pacer.next();
    expect(clock.slept).toEqual([]);
  });

  it('waits until the oldest request leaves a full window', async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock, [{ limit: 2, ms: 1_000 }]);
    await pacer.next();
    clock.at = 400;
    await pacer.next();
    await pacer.next();
    // The first request (at 0) leaves the window at 1,000: the third waits 600 ms.
    expect(clock.slept).toEqual([600]);
    expect(clock.at).toBe(1_000);
  });

  it('keeps under the tightest of several windows', async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock, [
      { limit: 10, ms: 1_000 },
      { limit: 3, ms: 60_000 },
    ]);
    for (let i = 0; i < 4; i++) await pacer.next();
    expect(clock.slept).toEqual([60_000]);
  });
});
