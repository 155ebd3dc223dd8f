import type { FastifyRequest } from 'fastify';
import { HttpError } from '../core/errors';

/** The names of this machine, which every install answers to. */
export const LOOPBACK_HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `example.com`, `127.0.0.1` or `[::1]` from a Host header or an origin; null when it is not one. */
export function hostNameOf(hostOrUrl: string): string | null {
  try {
    const url = new URL(hostOrUrl.includes('://') ? hostOrUrl : `http://${hostOrUrl}`);
    return url.username || url.password || url.pathname !== '/' ? null : url.hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** `::1` as a Host header writes it, `[::1]`; names lower-cased. */
export function normaliseHostName(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/**
 * Against DNS rebinding and cross-site writes: every request must name one of `allowedHosts` in its
 * Host header (a page on evil.example re-pointed at 127.0.0.1 still sends Host: evil.example), and a
 * browser request that changes something, or opens the stream, must come from one of the dashboard's
 * `allowedOrigins`. Requests without an Origin (scripts, curl) pass the second check.
 */
export function createHostGuard(allowedHosts: readonly string[], allowedOrigins: readonly string[]) {
  const hosts = new Set(allowedHosts.map(normaliseHostName));
  const origins = new Set(allowedOrigins);
  const hostList = [...hosts].join(', ');
  const originList = [...origins].join(', ');
  return (request: FastifyRequest): void => {
    const host = request.headers.host;
    const name = host ? hostNameOf(host) : null;
    if (!name || !hosts.has(name)) {
      throw new HttpError(
        403,
        `This server answers only to ${hostList}; to reach it by another name, add that name to ALLOWED_HOSTS.`,
        'host_not_allowed',
      );
    }
    const origin = request.headers.origin;
    if (origin === undefined || origins.has(origin)) return;
    const opensStream = request.headers.upgrade?.toLowerCase() === 'websocket';
    if (!STATE_CHANGING.has(request.method) && !opensStream) return;
    throw new HttpError(
      403,
      `Only the dashboard (${originList}) may make this request; to allow another address, add it to HOST_ORIGINS.`,
      'origin_not_allowed',
    );
  };
}
