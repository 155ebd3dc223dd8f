import { type LoopLogger, SILENT_LOGGER } from '../../core/ports/trading-venue';
import type { TradingLoopState } from './loop-status';
import type { TradingLoop } from './trading-loop';

export interface LiveTradingLoopOptions {
  /** Built on the venue, never started itself: this wrapper drives its runOnce. */
  loop: TradingLoop;
  /** The live venue (broker/live/live-venue.ts): refreshed from Upstox before each run. */
  venue: { refresh(): Promise<boolean>; lastError(): string | null };
  /** Default 60 s, as the paper loop. */
  intervalMs?: number;
  now?: () => number;
  log?: LoopLogger;
}

/**
 * The automated loop on the live account: every interval it refreshes the venue from Upstox, then
 * runs the loop once on that snapshot; when the refresh fails it does not run (the venue records why).
 * Runs never overlap; a slow Upstox skips a beat instead.
 */
export class LiveTradingLoop {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly log: LoopLogger;
  private nextRunAt: number | null = null;

  constructor(private readonly options: LiveTradingLoopOptions) {
    this.intervalMs = options.intervalMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? SILENT_LOGGER;
  }

  start(): void {
    if (this.timer) return;
    this.nextRunAt = this.now() + this.intervalMs;
    this.timer = setInterval(() => {
      this.nextRunAt = this.now() + this.intervalMs;
      void this.tick();
    }, this.intervalMs);
    // Like the paper loop, it never keeps the process alive on its own.
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  isRunning(): boolean {
    return this.timer !== null;
  }

  state(): TradingLoopState {
    return this.options.loop.state({
      running: this.isRunning(),
      nextRunAt: this.isRunning() ? this.nextRunAt : null,
    });
  }

  /** One refresh-then-run; resolves when done, never rejects. A tick while one is under way waits for it. */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        // Never decide on a stale snapshot: a sale already made could be made again. Skip this beat.
        if (await this.options.venue.refresh()) this.options.loop.runOnce(this.now());
        else {
          const why = this.options.venue.lastError() ?? 'unknown error';
          this.options.loop.skipRun(
            this.now(),
            `could not read the Upstox account, so no orders this run (${why})`,
          );
        }
      } catch (error) {
        this.log.error({ err: error }, 'live trading loop run failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
