import type { ModeEvent } from '../core/mode';
import type { MarketDataProvider } from '../engines/market/market-types';
import { liveSessionEnd } from '../engines/market/providers/upstox';
import { createManualTimers } from '../test-support/manual-timers';
import { ModeController } from './mode-controller';

/** An IST wall-clock time as epoch ms. */
const ist = (iso: string) => Date.parse(`${iso}+05:30`);

function loop() {
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

/** A trader signed in to Upstox at `signedInAt` and switched to live; the gate reads the real 03:30 rule. */
function liveSince(signedInAt: number, expiresAtMs?: number) {
  const timers = createManualTimers(signedInAt);
  let session: { accessToken: string; issuedAtMs: number; expiresAtMs?: number } = {
    accessToken: 'token',
    issuedAtMs: signedInAt,
    ...(expiresAtMs === undefined ? {} : { expiresAtMs }),
  };
  const values = new Map<string, unknown>();
  const end = () => liveSessionEnd(session) ?? 0;
  const controller = new ModeController(
    { get: <T>(key: string) => values.get(key) as T | undefined, set: (k, v) => values.set(k, v) },
    {
      liveUnavailableReason: () =>
        timers.now() >= end() ? 'Your Upstox session expired at 03:30 IST.' : null,
      liveAllowedUntil: () => (timers.now() >= end() ? null : end()),
    },
    timers,
  );
  const paper = loop();
  const live = loop();
  controller.attachLoops({ paper, live, loopEnabled: true, preparing: () => false, halted: () => false });
  const upstox = { source: 'upstox' } as MarketDataProvider;
  const simulator = { source: 'simulator' } as MarketDataProvider;
  const market = { activeProvider: upstox, use: jest.fn(async () => {}) };
  controller.attachFeeds({
    market,
    feeds: () => ({ simulator, upstox, yahoo: null }),
    upstoxUsable: () => timers.now() < end(),
    onError: jest.fn(),
  });
  const events: ModeEvent[] = [];
  controller.events((event) => events.push(event));
  controller.setMode('live');
  const signIn = (at: number) => {
    session = { accessToken: 'new-token', issuedAtMs: at };
  };
  return { controller, timers, paper, live, events, values, market, signIn };
}

describe('live trading follows the Upstox session', () => {
  it('allows live trading at 03:29:59 IST and ends it at 03:30:00, across IST midnight', () => {
    const { controller, timers, live, paper } = liveSince(ist('2026-01-05T21:00:00'));
    expect(controller.state().live_allowed_until).toBe(new Date(ist('2026-01-06T03:30:00')).toISOString());

    timers.set(ist('2026-01-06T03:29:59'));
    expect(controller.current()).toBe('live');
    expect(live.running).toBe(true);

    timers.set(ist('2026-01-06T03:30:00'));
    expect(controller.current()).toBe('paper');
    expect(live.running).toBe(false);
    expect(paper.running).toBe(true);
  });

  it('stops the loop and records the fall-back at the instant itself, with no request needed', () => {
    const { timers, live, events, values, market } = liveSince(ist('2026-01-05T09:15:00'));
    events.length = 0;
    timers.set(ist('2026-01-06T03:30:00'));
    // Nothing read the mode: the timer alone stopped the loop, stored paper and told the listeners.
    expect(live.running).toBe(false);
    expect(values.get('trading_mode')).toBe('paper');
    expect(events).toContainEqual({
      type: 'mode-changed',
      mode: 'paper',
      previous: 'live',
      account: 'paper',
    });
    expect(events).toContainEqual(expect.objectContaining({ type: 'loops-changed', live: 'stopped' }));
    expect(market.use).toHaveBeenCalled();
    expect(timers.pending()).toBe(0);
  });

  it('ends a session begun after midnight but before 03:30 IST the same morning', () => {
    const { controller, timers, live } = liveSince(ist('2026-01-06T00:10:00'));
    expect(controller.state().live_allowed_until).toBe(new Date(ist('2026-01-06T03:30:00')).toISOString());
    timers.set(ist('2026-01-06T03:29:59'));
    expect(live.running).toBe(true);
    timers.advance(1000);
    expect(live.running).toBe(false);
  });

  it('says why live is unavailable once the session ended, and refuses live until a new sign-in', () => {
    const { controller, timers } = liveSince(ist('2026-01-05T10:00:00'));
    timers.set(ist('2026-01-06T09:00:00'));
    expect(controller.state()).toMatchObject({
      trading_mode: 'paper',
      live_available: false,
      live_unavailable_reason: 'Your Upstox session expired at 03:30 IST.',
      live_allowed_until: null,
    });
    expect(() => controller.setMode('live')).toThrow('Live trading is not available.');
  });

  it('follows a newer session that began after the timer was armed', () => {
    // A pasted token that ends at 23:00 IST, replaced at 22:00 by a sign-in that lasts until 03:30.
    const { timers, live, signIn } = liveSince(ist('2026-01-05T10:00:00'), ist('2026-01-05T23:00:00'));
    timers.set(ist('2026-01-05T22:00:00'));
    signIn(ist('2026-01-05T22:00:00'));
    timers.set(ist('2026-01-06T03:29:59'));
    expect(live.running).toBe(true);
    timers.set(ist('2026-01-06T03:30:00'));
    expect(live.running).toBe(false);
  });

  it('leaves no timer behind once stopped', () => {
    const { controller, timers } = liveSince(ist('2026-01-05T10:00:00'));
    expect(timers.pending()).toBe(1);
    controller.stopWatchingSession();
    expect(timers.pending()).toBe(0);
  });
});

describe('liveSessionEnd', () => {
  it('never lets a token outlive 03:30 IST, even when its own expiry is later', () => {
    const issued = ist('2026-01-05T10:00:00');
    const later = ist('2026-01-06T12:00:00');
    expect(liveSessionEnd({ accessToken: 't', issuedAtMs: issued, expiresAtMs: later })).toBe(
      ist('2026-01-06T03:30:00'),
    );
    expect(liveSessionEnd({ accessToken: 't', issuedAtMs: issued, expiresAtMs: issued + 60_000 })).toBe(
      issued + 60_000,
    );
  });
});
