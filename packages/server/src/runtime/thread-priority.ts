import fs from 'node:fs';
import os from 'node:os';

/**
 * For a worker thread doing background work: on Linux a thread has a nice value of its own, so this
 * one yields the cores to the event loop (requests, ticks, orders) whenever both want one. Elsewhere,
 * as is.
 */
export function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, 10);
  } catch {
    // No /proc (macOS, Windows) or not permitted: the worker runs at the process's priority.
  }
}
