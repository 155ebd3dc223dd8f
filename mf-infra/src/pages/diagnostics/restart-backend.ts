import { type ApiClient, isApiError, managementApi, DIAGNOSTICS_TIMING as T } from '@td/api-client';
import { RESTART_MESSAGES } from '@td/contracts';
import type { LogTone } from './diagnostics-log';

export type RestartOutcome = 'back' | 'not-back' | 'refused' | 'failed' | 'cancelled';

export interface RestartDeps {
  api: ApiClient;
  log(tone: LogTone, message: string): void;
  /** Each health attempt as it starts (1..20), for the status row. */
  onAttempt?(attempt: number): void;
  now?: () => number;
  signal?: AbortSignal;
}

/** Resolves after `ms`; false if the signal ends the wait first. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'no answer');

/** The server answered and said no (no session, too soon, no supervisor): the fallback would be refused too. */
const refusedByServer = (error: unknown) =>
  isApiError(error) && error.kind === 'http' && error.status !== null && error.status < 500;

/**
 * spec part 1 §4, §7, §9: the restart call (the fallback when it fails), then health every 2 s up
 * to 20 times until the new server answers; the caller reruns the checks 1 s after it is back.
 */
export async function restartBackend({
  api,
  log,
  onAttempt,
  now = Date.now,
  signal,
}: RestartDeps): Promise<RestartOutcome> {
  const requestedAt = now();
  try {
    log('info', (await managementApi.restart(api)).message);
  } catch (error) {
    if (refusedByServer(error)) {
      log('error', `Restart refused: ${reasonOf(error)}`);
      return 'refused';
    }
    log('warning', `The restart call failed (${reasonOf(error)}); trying the fallback restart.`);
    try {
      log('info', (await managementApi.forceRestart(api)).message);
    } catch (fallbackError) {
      log(
        'error',
        refusedByServer(fallbackError)
          ? `Restart refused: ${reasonOf(fallbackError)}`
          : RESTART_MESSAGES.failed,
      );
      return refusedByServer(fallbackError) ? 'refused' : 'failed';
    }
    if (!(await sleep(T.fallbackWaitMs, signal))) return 'cancelled';
  }

  // The old process may still answer while it drains: only a server started after the request counts.
  let seenDown = false;
  for (let attempt = 1; attempt <= T.restartPollAttempts; attempt++) {
    if (!(await sleep(T.restartPollMs, signal))) return 'cancelled';
    onAttempt?.(attempt);
    try {
      const health = await managementApi.health(api, T.restartPollTimeoutMs);
      const startedSinceRequest = health.uptime * 1000 <= now() - requestedAt + 1000;
      if (seenDown || startedSinceRequest) {
        log(
          'success',
          `Backend is back (check ${attempt} of ${T.restartPollAttempts}); rerunning the checks.`,
        );
        return (await sleep(T.rerunAfterBackMs, signal)) ? 'back' : 'cancelled';
      }
    } catch {
      seenDown = true;
    }
  }
  log(
    'error',
    `The backend did not come back after ${T.restartPollAttempts} checks ${T.restartPollMs / 1000} s apart. ${RESTART_MESSAGES.failed}`,
  );
  return 'not-back';
}
