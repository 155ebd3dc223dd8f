import { type ApiClient, isApiError, managementApi } from '@td/api-client';
import { type SupervisorRestarts, type SystemStatus, DIAGNOSTICS_TEXT as TEXT } from '@td/contracts';
import { formatIstDateTime } from '@td/ui';

/** spec part 1 §4 "Diagnostics service status". */
export type CheckStatus = 'checking' | 'connected' | 'disconnected' | 'error' | 'warning';

export type ServiceId = 'backend' | 'upstox' | 'yahoo' | 'database' | 'research';

export interface ServiceCheck {
  id: ServiceId;
  label: string;
  status: CheckStatus;
  message: string;
  /** Figures behind the message (version, uptime, pid, the feed in use). */
  detail?: string;
}

export const SERVICE_LABELS: Record<ServiceId, string> = {
  backend: 'Backend',
  upstox: 'Upstox',
  yahoo: 'Yahoo Finance',
  database: 'Database',
  research: 'Research',
};

export const SERVICE_ORDER: ServiceId[] = ['backend', 'upstox', 'yahoo', 'database', 'research'];

export const checkingAll = (): ServiceCheck[] =>
  SERVICE_ORDER.map((id) => ({ id, label: SERVICE_LABELS[id], status: 'checking', message: 'Checking...' }));

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'no answer');
const unreachable = (error: unknown) =>
  isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

function formatUptime(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** What the supervisor did before this process started: a crash restart is worth knowing about. */
export function restartsNote(supervisor: SupervisorRestarts): string {
  if (!supervisor.supervised) return 'not under the supervisor: nothing restarts it if it stops';
  if (supervisor.restarts === 0) return 'no restarts since npm start';
  const times = supervisor.restarts === 1 ? '1 restart' : `${supervisor.restarts} restarts`;
  return `${times} since npm start, the last ${formatIstDateTime(supervisor.last_restart_at)} IST: ${supervisor.last_restart_reason ?? 'reason not recorded'}`;
}

/** GET /api/health, then the process behind it (GET /api/management/server/status). */
async function checkBackend(api: ApiClient): Promise<ServiceCheck> {
  const base = { id: 'backend' as const, label: SERVICE_LABELS.backend };
  let health: Awaited<ReturnType<typeof managementApi.health>>;
  try {
    health = await managementApi.health(api);
  } catch (error) {
    return unreachable(error)
      ? { ...base, status: 'disconnected', message: TEXT.backendUnreachable, detail: reasonOf(error) }
      : { ...base, status: 'error', message: TEXT.backendNotResponding, detail: reasonOf(error) };
  }
  const running = `version ${health.version}, up ${formatUptime(health.uptime)}`;
  try {
    const server = await managementApi.serverStatus(api);
    if (!server.main_server_healthy) {
      return {
        ...base,
        status: 'warning',
        message: `${TEXT.backendRunning}, but it reports its database unhealthy`,
        detail: `pid ${server.main_server_pid}, ${running}; ${restartsNote(server.supervisor)}`,
      };
    }
    return {
      ...base,
      status: 'connected',
      message: TEXT.backendRunning,
      detail: `pid ${server.main_server_pid}, ${running}; ${restartsNote(server.supervisor)}`,
    };
  } catch (error) {
    return {
      ...base,
      status: 'warning',
      message: `${TEXT.backendRunning}, but its process is not responding to management calls`,
      detail: `${running}; ${reasonOf(error)}`,
    };
  }
}

const FEED_NAMES: Record<string, string> = {
  simulator: 'the market simulator (simulated data)',
  upstox: 'Upstox',
  yahoo: 'Yahoo Finance',
};

/** A feed that is down is a fault when it is the one in use, a note otherwise. */
function feedCheck(
  id: 'upstox' | 'yahoo',
  connected: boolean,
  status: SystemStatus,
  [active, down]: [string, string],
): ServiceCheck {
  const base = { id, label: SERVICE_LABELS[id] };
  if (connected) return { ...base, status: 'connected', message: active };
  const inUse = status.data_source === id;
  return {
    ...base,
    status: inUse ? 'disconnected' : 'warning',
    message: down,
    detail: inUse
      ? 'It is the feed in use: prices are not updating.'
      : `Not in use: market data comes from ${FEED_NAMES[status.data_source] ?? status.data_source}.`,
  };
}

/** GET /api/status: the two feeds and the database. */
async function checkDataSources(api: ApiClient): Promise<{ checks: ServiceCheck[]; feed: string | null }> {
  try {
    const status = await managementApi.systemStatus(api);
    const checks: ServiceCheck[] = [
      feedCheck('upstox', status.upstox_connected, status, [TEXT.upstoxActive, TEXT.upstoxDown]),
      feedCheck('yahoo', status.yahoo_finance_connected, status, [TEXT.yahooActive, TEXT.yahooDown]),
      status.database_connected
        ? {
            id: 'database',
            label: SERVICE_LABELS.database,
            status: 'connected',
            message: TEXT.databaseConnected,
          }
        : { id: 'database', label: SERVICE_LABELS.database, status: 'error', message: TEXT.databaseDown },
    ];
    return { checks, feed: FEED_NAMES[status.data_source] ?? status.data_source };
  } catch (error) {
    const status: CheckStatus = unreachable(error) ? 'disconnected' : 'error';
    const checks: ServiceCheck[] = (['upstox', 'yahoo', 'database'] as const).map((id) => ({
      id,
      label: SERVICE_LABELS[id],
      status,
      message: 'Status unavailable',
      detail: reasonOf(error),
    }));
    return { checks, feed: null };
  }
}

/** GET /api/research/analysis: spec part 1 §8 "Research" texts. */
async function checkResearch(api: ApiClient): Promise<ServiceCheck> {
  const base = { id: 'research' as const, label: SERVICE_LABELS.research };
  try {
    const analysis = await managementApi.research(api);
    return {
      ...base,
      status: 'connected',
      message: 'Research service running',
      detail: `${analysis.recommendations.length} signals, market ${analysis.market_sentiment.toLowerCase()}`,
    };
  } catch (error) {
    if (isApiError(error) && error.status === 503)
      return { ...base, status: 'warning', message: 'Data source not connected - Check Upstox connection' };
    return { ...base, status: 'error', message: 'Research service not connected', detail: reasonOf(error) };
  }
}

/** Every check at once; each settles on its own, so one slow service does not hold the others. */
export async function runServiceChecks(
  api: ApiClient,
): Promise<{ checks: ServiceCheck[]; feed: string | null }> {
  const [backend, sources, research] = await Promise.all([
    checkBackend(api),
    checkDataSources(api),
    checkResearch(api),
  ]);
  const byId = new Map([backend, ...sources.checks, research].map((check) => [check.id, check]));
  return { checks: SERVICE_ORDER.map((id) => byId.get(id)!), feed: sources.feed };
}
