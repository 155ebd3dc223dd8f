import type { TradingMode } from '../core/mode';
import { createModeLoopsEngine, type ModeLoopsDeps } from './mode-loops-engine';

function setUp(mode: TradingMode, replayHistory: boolean) {
  const calls: string[] = [];
  let finishReplay: () => void = () => {};
  let signal: AbortSignal | null = null;
  const deps: ModeLoopsDeps = {
    mode: {
      current: () => mode,
      followMode: () => calls.push('followMode'),
      preparationFinished: () => calls.push('preparationFinished'),
      stopWatchingSession: () => {},
    },
    loops: { paper: { stop: () => calls.push('stop paper') }, live: { stop: () => calls.push('stop live') } },
    replayHistory,
    replay: (given) => {
      signal = given;
      calls.push('replay');
      return new Promise<void>((resolve) => {
        finishReplay = resolve;
      });
    },
    preparation: { finish: () => calls.push('finish') },
    trading: { summary: () => calls.push('summary'), holdDayOpenUntil: () => calls.push('hold day open') },
    logger: { error: jest.fn() },
  };
  return {
    engine: createModeLoopsEngine(deps),
    calls,
    finishReplay: () => finishReplay(),
    signal: () => signal,
  };
}

describe('mode loops engine', () => {
  it('without a replay, records the paper day opening and lets the mode start the loops', async () => {
    const { engine, calls } = setUp('paper', true);
    await engine.start();
    expect(calls).toEqual(['summary', 'followMode']);
  });

  it('on a fresh mock install, replays first, then finishes the preparation and starts the loops', async () => {
    const world = setUp('mock', true);
    await world.engine.start();
    expect(world.calls).toEqual(['replay', 'hold day open']);
    world.finishReplay();
    await new Promise((resolve) => setImmediate(resolve));
    expect(world.calls.slice(2)).toEqual(['finish', 'summary', 'preparationFinished']);
  });

  it('stops both loops and waits for an unfinished replay, which is told to stop and starts nothing after', async () => {
    const world = setUp('mock', true);
    await world.engine.start();
    const stopped = world.engine.stop();
    expect(world.signal()?.aborted).toBe(true);
    expect(world.calls.slice(2)).toEqual(['stop paper', 'stop live']);
    world.finishReplay();
    await stopped;
    expect(world.calls.slice(4)).toEqual(['finish']);
  });

  it('starts again after a stop, as a follower becoming leader again does', async () => {
    const { engine, calls } = setUp('paper', true);
    await engine.start();
    await engine.stop();
    await engine.start();
    expect(calls).toEqual(['summary', 'followMode', 'stop paper', 'stop live', 'summary', 'followMode']);
  });
});
