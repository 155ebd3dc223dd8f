import type { ModeEvent } from '../core/mode';
import type { MarketDataProvider } from '../engines/market/market-types';
import { ModeController } from './mode-controller';

function fakeSettings(initial?: string) {
  const values = new Map<string, unknown>(initial ? [['trading_mode', initial]] : []);
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set: (k: string, v: unknown) => values.set(k, v),
  };
}

const provider = (source: 'simulator' | 'upstox' | 'yahoo') => ({ source }) as MarketDataProvider;

function fakeLoop() {
  return {
    running: false,
    start() {
      this.running = true;
    },
    stop() {
      this.running = false;
    },
  };
}

function setUp(options: { stored?: string; brokerProblem?: string | null; loopEnabled?: boolean } = {}) {
  let brokerProblem = options.brokerProblem ?? null;
  let halted = false;
  let preparing = false;
  const controller = new ModeController(fakeSettings(options.stored), {
    liveUnavailableReason: () => brokerProblem,
    liveAllowedUntil: () => null,
  });
  const paper = fakeLoop();
  const live = fakeLoop();
  controller.attachLoops({
    paper,
    live,
    loopEnabled: options.loopEnabled ?? true,
    preparing: () => preparing,
    halted: () => halted,
  });
  const feeds = { simulator: provider('simulator'), upstox: provider('upstox'), yahoo: provider('yahoo') };
  const market = {
    activeProvider: feeds.simulator,
    use: jest.fn(async (next: MarketDataProvider) => {
      market.activeProvider = next;
    }),
  };
  controller.attachFeeds({
    market,
    feeds: () => feeds,
    upstoxUsable: () => brokerProblem === null,
    onError: jest.fn(),
  });
  const events: ModeEvent[] = [];
  controller.events((event) => events.push(event));
  return {
    controller,
    paper,
    live,
    market,
    events,
    setBrokerProblem: (problem: string | null) => (brokerProblem = problem),
    setHalted: (value: boolean) => (halted = value),
    setPreparing: (value: boolean) => (preparing = value),
  };
}

describe('mode controller', () => {
  it('starts in mock mode, trading the paper account, until a mode is stored', () => {
    const { controller } = setUp();
    expect(controller.current()).toBe('mock');
    expect(controller.account()).toBe('paper');
    expect(setUp({ stored: 'live' }).controller.account()).toBe('live');
  });

  it('refuses live mode while the broker account has a problem, naming it', () => {
    const { controller } = setUp({ brokerProblem: 'Connect Upstox first.' });
    expect(() => controller.setMode('live')).toThrow('Live trading is not available. Connect Upstox first.');
    expect(controller.current()).toBe('mock');
  });

  it('reads a stored live mode as paper once the broker token has lapsed', () => {
    const world = setUp({ stored: 'live' });
    world.setBrokerProblem('The Upstox session expired.');
    expect(world.controller.current()).toBe('paper');
  });

  it('runs the paper loop in paper mode and the live loop in live mode, never both', () => {
    const { controller, paper, live, events } = setUp();
    controller.setMode('paper');
    expect([paper.running, live.running]).toEqual([true, false]);
    controller.setMode('live');
    expect([paper.running, live.running]).toEqual([false, true]);
    expect(events).toContainEqual({ type: 'mode-changed', mode: 'live', previous: 'paper', account: 'live' });
    expect(events).toContainEqual({
      type: 'loops-changed',
      paper: 'stopped',
      live: 'running',
      reason: 'mode',
    });
  });

  it('keeps both loops stopped while halted and lets them run again after a resume', () => {
    const world = setUp();
    world.controller.setMode('paper');
    world.setHalted(true);
    world.controller.stopLoops();
    expect([world.paper.running, world.live.running]).toEqual([false, false]);
    world.controller.setMode('mock');
    expect(world.paper.running).toBe(false);
    world.setHalted(false);
    world.controller.resumeLoops();
    expect(world.paper.running).toBe(true);
  });

  it('holds the paper loop until the start-up replay has prepared the account', () => {
    const world = setUp();
    world.setPreparing(true);
    world.controller.followMode();
    expect(world.paper.running).toBe(false);
    expect(world.events.at(-1)).toEqual({
      type: 'loops-changed',
      paper: 'stopped',
      live: 'stopped',
      reason: 'preparing',
    });
    world.setPreparing(false);
    world.controller.preparationFinished();
    expect(world.paper.running).toBe(true);
  });

  it('runs no loop at all with TRADING_LOOP off', () => {
    const { controller, paper, live } = setUp({ loopEnabled: false });
    controller.setMode('paper');
    expect([paper.running, live.running]).toEqual([false, false]);
  });

  it('selects the simulator in mock mode, Upstox when usable, else Yahoo, switching only on a change', async () => {
    const world = setUp({ brokerProblem: 'not connected' });
    await world.controller.selectFeed();
    expect(world.market.use).not.toHaveBeenCalled();
    world.controller.setMode('paper');
    await world.controller.feedsChanged();
    expect(world.market.activeProvider.source).toBe('yahoo');
    world.setBrokerProblem(null);
    await world.controller.brokerSessionChanged();
    expect(world.market.activeProvider.source).toBe('upstox');
    expect(world.events).toContainEqual({ type: 'feed-selected', source: 'upstox', previous: 'yahoo' });
    expect(world.market.use).toHaveBeenCalledTimes(2);
  });

  it('tells mode listeners after the loops and feed have followed', () => {
    const { controller, paper } = setUp();
    const seen: Array<[string, boolean]> = [];
    controller.onChange((mode) => seen.push([mode, paper.running]));
    controller.setMode('paper');
    expect(seen).toEqual([['paper', true]]);
  });

  it('on a follower, changes the mode but connects no feed and runs no loop', async () => {
    const world = setUp({ stored: 'paper' });
    let leader = false;
    world.controller.attachLeadership({ isLeader: () => leader });
    world.controller.setMode('mock');
    await world.controller.brokerSessionChanged();
    world.controller.resumeLoops();
    expect(world.controller.current()).toBe('mock');
    expect([world.paper.running, world.live.running]).toEqual([false, false]);
    expect(world.market.use).not.toHaveBeenCalled();
    expect(world.events).toContainEqual({
      type: 'loops-changed',
      paper: 'stopped',
      live: 'stopped',
      reason: 'follower',
    });
    // Leading, it follows the mode as an instance on its own does.
    leader = true;
    world.controller.setMode('paper');
    await world.controller.feedsChanged();
    expect(world.paper.running).toBe(true);
    expect(world.market.activeProvider.source).toBe('upstox');
  });
});
