import type { Logger } from 'pino';
import type { TradingMode } from '../core/mode';
import type { Engine } from '../core/ports/engine';

export interface ModeLoopsDeps {
  mode: {
    current(): TradingMode;
    followMode(): void;
    preparationFinished(): void;
    stopWatchingSession(): void;
  };
  loops: { paper: { stop(): void }; live: { stop(): void } };
  /** Mock mode on a fresh install replays the generated history into the empty paper ledger first. */
  replayHistory: boolean;
  /** Runs the start-up replay; it stops between sessions once `signal` is aborted. */
  replay(signal: AbortSignal): Promise<unknown>;
  preparation: { finish(): void };
  trading: { summary(account: 'paper'): unknown; holdDayOpenUntil(replay: Promise<unknown>): void };
  logger: Pick<Logger, 'error'>;
}

/**
 * The mode controller's second half, last in the list: once everything else runs, the loops start
 * as the mode says (after the start-up replay on a fresh mock install). Stopping is the first step
 * of a shutdown, or of stepping down as leader: both loops stop and an unfinished replay is told to
 * stop and awaited. It may start again (a follower becoming leader); the replay then finds the
 * ledger filled and has nothing to do.
 */
export function createModeLoopsEngine(deps: ModeLoopsDeps): Engine {
  let abort = new AbortController();
  let replay: Promise<unknown> | null = null;
  const begin = (signal: AbortSignal) => {
    if (signal.aborted) return;
    // The paper account's day opening; the live account has no figures until its first sync, and a
    // restart while trading live must not stop at that.
    deps.trading.summary('paper');
    deps.mode.followMode();
  };
  return {
    name: 'mode-loops',
    start() {
      abort = new AbortController();
      const { signal } = abort;
      if (!(deps.replayHistory && deps.mode.current() === 'mock')) return begin(signal);
      // It feeds the expected-move book but is not gated by it: the generated history has no edge
      // by construction, so gated it books nothing (0027), and this replay exists to fill the screens.
      replay = deps
        .replay(signal)
        .catch((error) => deps.logger.error({ err: error }, 'history replay failed'))
        .finally(() => {
          deps.preparation.finish();
          if (signal.aborted) return;
          deps.trading.summary('paper');
          deps.mode.preparationFinished();
        });
      deps.trading.holdDayOpenUntil(replay);
    },
    async stop() {
      abort.abort();
      deps.mode.stopWatchingSession();
      deps.loops.paper.stop();
      deps.loops.live.stop();
      await replay;
      replay = null;
    },
  };
}
