import { conflict } from '../../core/errors';

export type BacktestLaneHolder = 'backtest' | 'sweep';

/**
 * The one worker thread's turn: a backtest and a parameter sweep share it, so one runs at a time and
 * the other is refused with a sentence rather than queued behind minutes of work.
 */
export class BacktestLane {
  private holder: BacktestLaneHolder | null = null;

  /** Throws a 409 with a sentence while anything holds the lane. */
  refuseIfBusy(): void {
    if (this.holder === 'backtest') {
      throw conflict(
        'A backtest is already running: wait for it to finish or cancel it first.',
        'backtest_running',
      );
    }
    if (this.holder === 'sweep') {
      throw conflict(
        'A parameter sweep is running: wait for it to finish or cancel it first.',
        'backtest_running',
      );
    }
  }

  take(holder: BacktestLaneHolder): void {
    this.refuseIfBusy();
    this.holder = holder;
  }

  release(holder: BacktestLaneHolder): void {
    if (this.holder === holder) this.holder = null;
  }
}
