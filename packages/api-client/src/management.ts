import {
  healthSchema,
  okEnvelope,
  restartReplySchema,
  serverStatusSchema,
  systemStatusSchema,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { fetchResearchAnalysis } from './research';

/** spec part 1 §7 and §9: the diagnostics calls' timeouts and the restart polling. */
export const DIAGNOSTICS_TIMING = {
  healthTimeoutMs: 5_000,
  managementTimeoutMs: 5_000,
  /** After a restart call: health every 2 s, at most 20 times, each given 3 s. */
  restartPollMs: 2_000,
  restartPollAttempts: 20,
  restartPollTimeoutMs: 3_000,
  /** The checks rerun 1 s after the backend is back. */
  rerunAfterBackMs: 1_000,
  /** After the fallback restart the modal waits 10 s before it looks again. */
  fallbackWaitMs: 10_000,
} as const;

/** The diagnostics modal's calls: run on demand (open, Refresh Status, after a restart), never cached. */
export const managementApi = {
  health: (api: ApiClient, timeoutMs: number = DIAGNOSTICS_TIMING.healthTimeoutMs) =>
    api.get('/api/health', healthSchema, { anonymous: true, timeoutMs }),
  systemStatus: (api: ApiClient) =>
    api
      .get('/api/status', okEnvelope(systemStatusSchema), { timeoutMs: DIAGNOSTICS_TIMING.healthTimeoutMs })
      .then((r) => r.data),
  serverStatus: (api: ApiClient) =>
    api
      .get('/api/management/server/status', okEnvelope(serverStatusSchema), {
        timeoutMs: DIAGNOSTICS_TIMING.managementTimeoutMs,
      })
      .then((r) => r.data),
  /** The research service's own answer: 503 means it has no market data to work from. */
  research: (api: ApiClient) => fetchResearchAnalysis(api, { timeoutMs: DIAGNOSTICS_TIMING.healthTimeoutMs }),
  /** Drains requests and orders, then the supervisor starts the server again. */
  restart: (api: ApiClient) =>
    api.post('/api/management/server/restart', restartReplySchema, undefined, {
      timeoutMs: DIAGNOSTICS_TIMING.managementTimeoutMs,
    }),
  /** The fallback: the server exits as soon as it has answered. */
  forceRestart: (api: ApiClient) =>
    api.post('/api/admin/restart', restartReplySchema, undefined, {
      timeoutMs: DIAGNOSTICS_TIMING.managementTimeoutMs,
    }),
};
