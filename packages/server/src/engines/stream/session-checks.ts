/** How often open streams re-check their session (it may have expired with no request to notice). */
export const SESSION_CHECK_MS = 60_000;

/**
 * The periodic re-check of signed-in streams' sessions: running while any stream is signed in,
 * stopped when the last one goes or the server shuts down. The timer never keeps the process alive.
 */
export class SessionChecks {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly recheck: () => void,
    private readonly intervalMs: number = SESSION_CHECK_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.recheck(), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
