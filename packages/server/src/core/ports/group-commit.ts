import type { UnitOfWork } from './unit-of-work';

/**
 * Makes every commit written so far durable, then calls back: an fdatasync of the write-ahead log
 * in libuv's thread pool, so the event loop keeps serving requests while the disk flushes.
 */
export interface LogSync {
  flush(done: (error: Error | null) => void): void;
  /** Lets go of the log's file; called when the database closes. */
  close(): void;
}

/**
 * What group commit (the order desk) needs of storage: a unit that holds the write lock for the
 * whole batch, a way to commit a batch without waiting for the disk and to be strict again after,
 * and the log's flush that makes the batch durable off the event loop.
 */
export interface GroupCommitStorage {
  unitOfWork: UnitOfWork;
  relaxDurability(): void;
  restoreDurability(): void;
  /** The write-ahead log's flush; undefined when there is no disk to wait for (in memory). */
  logSync(): LogSync | undefined;
}
