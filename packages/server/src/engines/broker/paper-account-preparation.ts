import { HttpError } from '../../core/errors';

/** How far the start-up replay has come, as the refusal and the status screens report it. */
export interface PreparationProgress {
  sessionsDone: number;
  sessionsTotal: number;
}

/**
 * Whether the paper account is still being built from generated history (the start-up replay on a
 * fresh mock install). Until the replay ends, the paper broker refuses every order, the trader's,
 * the loop's and the halt's closing sales alike: the replay's loop trades whatever the account
 * holds at past prices and times, so an order filled now would be sold back in a session weeks
 * ago (docs/decisions/0025-orders-during-replay.md).
 */
export class PaperAccountPreparation {
  private progress: PreparationProgress | null = null;

  /** The replay starts: `sessionsTotal` sessions to go. Call before the first await of the replay. */
  begin(sessionsTotal: number): void {
    this.progress = { sessionsDone: 0, sessionsTotal };
  }

  /** One more session is booked. */
  advance(): void {
    if (this.progress) this.progress.sessionsDone += 1;
  }

  /** The replay ended, finished or failed: orders open. */
  finish(): void {
    this.progress = null;
  }

  get running(): boolean {
    return this.progress !== null;
  }

  current(): PreparationProgress | null {
    return this.progress && { ...this.progress };
  }

  /** The sentence every paper order is refused with while the replay runs, or null once it has ended. */
  refusal(): string | null {
    if (!this.progress) return null;
    const { sessionsDone, sessionsTotal } = this.progress;
    return `The paper account is being prepared from ${sessionsTotal} sessions of history (${sessionsDone} of ${sessionsTotal} done); orders open when it finishes.`;
  }

  /** Throws the refusal (503: the server is not ready yet, the request itself is fine) while the replay runs. */
  refuseWhilePreparing(): void {
    const sentence = this.refusal();
    if (sentence === null) return;
    throw new HttpError(503, sentence, 'paper_account_preparing', {
      sessions_done: this.progress!.sessionsDone,
      sessions_total: this.progress!.sessionsTotal,
    });
  }
}
