import { useSyncExternalStore } from 'react';

export type LogTone = 'info' | 'success' | 'warning' | 'error';

export interface LogEntry {
  id: number;
  /** Epoch ms. */
  at: number;
  tone: LogTone;
  message: string;
}

const MAX_ENTRIES = 200;

/**
 * What the diagnostics modal did, newest last. Kept outside the component, for the page's life:
 * closing and reopening the modal (which unmounts its parcel) keeps the log until Clear.
 */
export function createDiagnosticsLog(now: () => number = Date.now) {
  let entries: readonly LogEntry[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    add(tone: LogTone, message: string) {
      entries = [...entries, { id: nextId++, at: now(), tone, message }].slice(-MAX_ENTRIES);
      changed();
    },
    clear() {
      entries = [];
      changed();
    },
    entries: () => entries,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type DiagnosticsLog = ReturnType<typeof createDiagnosticsLog>;

/** The one log of this page. */
export const diagnosticsLog = createDiagnosticsLog();

export function useDiagnosticsLog(log: DiagnosticsLog): readonly LogEntry[] {
  return useSyncExternalStore(log.subscribe, log.entries, log.entries);
}
