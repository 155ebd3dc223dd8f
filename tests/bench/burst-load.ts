// The burst, in a process of its own so its 200 connections do not delay the bench's own probes:
// `node --import tsx tests/bench/burst-load.ts <apiUrl> <token> <seconds> <clients>` prints one JSON line.
import { runLoad } from './loopback-load';

/** The dashboard's calls a signed-in trader's screens poll, candles among them. */
export const DASHBOARD_CALLS = [
  '/api/market/candles/RELIANCE',
  '/api/market/overview',
  '/api/engines/status',
  '/api/portfolio/holdings',
  '/api/risk/metrics',
  '/api/performance/analytics',
] as const;

const [apiUrl, token, seconds, clients] = process.argv.slice(2);
if (apiUrl && token) {
  const result = await runLoad({
    baseUrl: apiUrl,
    connections: Number(clients ?? 200),
    durationMs: Number(seconds ?? 10) * 1000,
    next: (connection, sent) => ({
      method: 'GET',
      url: DASHBOARD_CALLS[(connection + sent) % DASHBOARD_CALLS.length]!,
      token,
    }),
    honourRetryAfter: true,
  });
  console.log(JSON.stringify(result));
}
