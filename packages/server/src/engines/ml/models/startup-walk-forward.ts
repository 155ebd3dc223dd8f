import type { Logger } from 'pino';
import { WorkStoppedError } from '../../../core/time-slices';
import {
  mlSay,
  type TrainedEnsemble,
  type WalkForwardSource,
  type WalkForwardState,
  walkForwardReport,
} from './walk-forward';

export interface StartupWalkForwardDeps {
  /** The walk-forward over the market's past sessions; null when the feed has none of its own. */
  source?: () => WalkForwardSource | null;
  /** Whether the feed measured is still the one in use; default always. */
  measuredFeedInUse?: () => boolean;
  now: () => number;
  logger?: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** Offers the trained ensemble to the engine; true when it was installed. */
  install: (trained: TrainedEnsemble) => boolean;
}

/**
 * The model engine's start-up walk-forward (docs/decisions/0017): replays the market's past sessions
 * through a fresh ensemble (each outcome learned only after its horizon), off the event loop. Its
 * out-of-sample figures are the ML member's measured edge, and so its say in the loop's signal.
 */
export class StartupWalkForward {
  private current: WalkForwardState = { status: 'not_run', reason: 'The engine has not started.' };
  private abort: AbortController | null = null;
  private run: Promise<void> | null = null;

  constructor(private readonly deps: StartupWalkForwardDeps) {}

  start(): void {
    this.run ??= this.execute();
  }

  /** Dropped, never half kept; the next start (a regained leadership) runs it again. */
  stop(): void {
    if (this.abort) {
      this.abort.abort();
      this.abort = null;
      this.current = { status: 'not_run', reason: 'The server stopped before the walk-forward ended.' };
    }
    this.run = null;
  }

  async done(): Promise<void> {
    await this.run;
  }

  state(): WalkForwardState {
    return this.current;
  }

  /** 0..1: the measured out-of-sample edge's say; none before it is measured or on another feed. */
  say(): number {
    if (this.current.status !== 'complete') return 0;
    if (this.deps.measuredFeedInUse && !this.deps.measuredFeedInUse()) return 0;
    return mlSay(this.current.report);
  }

  private async execute(): Promise<void> {
    const source = this.deps.source?.() ?? null;
    if (!source || source.sessions < 2) {
      this.current = {
        status: 'not_run',
        reason: 'No past sessions of this feed to train on: the models learn from live predictions only.',
      };
      return;
    }
    const abort = new AbortController();
    this.abort = abort;
    // A stopped run's late answer must not overwrite what a newer run says.
    const mine = () => this.abort === abort;
    this.current = { status: 'running', startedAt: this.deps.now() };
    try {
      const trained = await source.run(abort.signal);
      if (!mine()) return;
      const installed = this.deps.install(trained);
      this.abort = null;
      const report = walkForwardReport(trained.tally, source.sessions);
      this.current = { status: 'complete', finishedAt: this.deps.now(), installed, report };
      this.deps.logger?.info({ ...report, installed }, 'ML walk-forward on the past sessions done');
    } catch (error) {
      // A stop has said so already; a newer run speaks for itself.
      if (!mine() || error instanceof WorkStoppedError || abort.signal.aborted) return;
      this.abort = null;
      this.current = { status: 'failed', error: (error as Error).message };
      this.deps.logger?.error({ err: error }, 'ML walk-forward on the past sessions failed');
    }
  }
}
