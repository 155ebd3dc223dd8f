import http from 'node:http';

/**
 * The client side of the orders benchmark, in its own process (pinned to the other core) so the
 * server's figures are not the client's: POST /api/orders over keep-alive HTTP, a fixed number in
 * flight, latency from send to the whole response. The parent sends one phase at a time.
 */
const [apiUrl, token] = process.argv.slice(2);
const { hostname, port } = new URL(apiUrl!);
const SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK'];

export interface Phase {
  inFlight: number;
  orders: number;
}

export interface PhaseResult {
  inFlight: number;
  orders: number;
  seconds: number;
  /** Send-to-response times in ms, in completion order. */
  latencies: number[];
}

function post(agent: http.Agent, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: hostname,
        port,
        method: 'POST',
        path: '/api/orders',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function runPhase({ inFlight, orders }: Phase): Promise<PhaseResult> {
  // One keep-alive connection per request in flight, opened before the clock starts.
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight, maxFreeSockets: inFlight });
  const latencies: number[] = [];
  let next = 0;
  const send = async (i: number, measured: boolean) => {
    // Buy then sell the same lot; the account already holds plenty, so a sell that overtakes its buy still fills.
    const body = JSON.stringify({
      symbol: SYMBOLS[Math.floor(i / 2) % SYMBOLS.length],
      side: i % 2 === 0 ? 'BUY' : 'SELL',
      type: 'MARKET',
      quantity: 10,
    });
    const t0 = performance.now();
    const reply = await post(agent, body);
    if (measured) latencies.push(performance.now() - t0);
    if (reply.status !== 201) throw new Error(`order ${i} failed: ${reply.status} ${reply.text}`);
  };
  await Promise.all(Array.from({ length: inFlight }, (_, i) => send(i, false)));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < orders) await send(next++, true);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { inFlight, orders, seconds, latencies };
}

process.on('message', (message: Phase | { done: true }) => {
  if ('done' in message) {
    process.disconnect();
    return;
  }
  runPhase(message).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.send?.({ ready: true });
