// Closed-loop load over kept-alive loopback connections: each connection sends its next request as
// soon as the last one is answered, so the figures are what the server can serve, not what was sent.
import http from 'node:http';
import { percentile } from './metric';

export interface LoadRequest {
  method: 'GET' | 'POST';
  url: string;
  token?: string;
  body?: unknown;
}

export interface LoadResult {
  /** Answers of any status, per second of the run. */
  perSecond: number;
  /** Answered 2xx per second. */
  servedPerSecond: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  durationMs: number;
  /** The request each connection sends next (round robin over the dashboard's calls, say). */
  next(connection: number, sent: number): LoadRequest;
  /** On 503 with Retry-After, wait as long before the next request, as a polite client does. */
  honourRetryAfter?: boolean;
}

/** One request over the given agent: status, time to the whole body (ms) and the Retry-After header. */
export function send(agent: http.Agent, baseUrl: string, request: LoadRequest) {
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  const headers: Record<string, string> = request.token ? { authorization: `Bearer ${request.token}` } : {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  return new Promise<{ status: number; ms: number; retryAfter: number; body: string }>((resolve, reject) => {
    const outgoing = http.request(
      `${baseUrl}${request.url}`,
      { method: request.method, agent, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - t0,
            retryAfter: Number(response.headers['retry-after'] ?? 0),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const started = performance.now();
  const deadline = started + options.durationMs;
  const connection = async (index: number) => {
    for (let sent = 0; performance.now() < deadline; sent += 1) {
      const answer = await send(agent, options.baseUrl, options.next(index, sent)).catch(() => null);
      const status = answer?.status ?? 0;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (answer) latencies.push(answer.ms);
      if (answer && status === 503 && options.honourRetryAfter && answer.retryAfter > 0) {
        const pause = Math.min(answer.retryAfter * 1000, deadline - performance.now());
        if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => connection(index)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const served = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    perSecond: latencies.length / seconds,
    servedPerSecond: served / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
  };
}
