import { useEffect, useMemo } from 'react';

export interface OneShotTimer {
  /** Runs `action` after `delayMs`, replacing anything scheduled before. */
  schedule(action: () => void, delayMs: number): void;
  cancel(): void;
}

/** One pending delayed action at a time, cancelled when the screen unmounts. */
export function useOneShotTimer(): OneShotTimer {
  const timer = useMemo(() => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
    };
    return {
      cancel,
      schedule(action: () => void, delayMs: number) {
        cancel();
        handle = setTimeout(() => {
          handle = undefined;
          action();
        }, delayMs);
      },
    };
  }, []);
  useEffect(() => timer.cancel, [timer]);
  return timer;
}
