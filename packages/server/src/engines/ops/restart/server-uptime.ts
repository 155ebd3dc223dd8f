let startedAt: number | null = null;

/**
 * Marks the moment this process became the server. A spare loads long before the supervisor starts
 * it, and the diagnostics tell a restarted server from the old one by its uptime, so the uptime counts
 * from here, not from the process's own start.
 */
export function markServerStart(at = performance.now()): void {
  startedAt = at;
}

/** Whole seconds since this process became the server (since the process started, until marked). */
export function serverUptimeSeconds(now = performance.now()): number {
  return Math.round(startedAt === null ? process.uptime() : (now - startedAt) / 1000);
}
