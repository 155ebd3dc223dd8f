import type { BacktestStatus } from '@td/contracts';

/** One backtest of the strategy lab; times epoch ms, settings and result as the JSON the API shows. */
export interface BacktestRunRecord {
  id: string;
  createdAt: number;
  finishedAt: number | null;
  status: BacktestStatus;
  settings: unknown;
  barsDone: number;
  totalBars: number;
  result: unknown;
  error: string | null;
}

/** The backtest_runs table (migration 020): a run is inserted running, moves on, and ends once. */
export interface BacktestRunsRepository {
  /** `owner` names the server running it (random per process): see failRunning. */
  insert(
    run: Pick<BacktestRunRecord, 'id' | 'createdAt' | 'settings' | 'totalBars'> & { owner: string },
  ): void;
  progress(id: string, barsDone: number, at: number): void;
  finish(
    id: string,
    end: Pick<BacktestRunRecord, 'status' | 'finishedAt' | 'result' | 'error' | 'barsDone'>,
  ): void;
  /**
   * Runs left running by a server that stopped: `owner`'s own (this server's earlier life) and any
   * whose last progress is older than `staleBefore` (another server that died). A run another live
   * server is moving is left alone, and so is `except` (the run this server is moving now, checked
   * while it runs). Returns how many failed.
   */
  failRunning(end: {
    finishedAt: number;
    error: string;
    owner: string;
    staleBefore: number;
    except?: string | null;
  }): number;
  get(id: string): BacktestRunRecord | null;
  /** Newest first, without their results (a list never carries every run's orders). */
  list(limit: number): Omit<BacktestRunRecord, 'result'>[];
}
