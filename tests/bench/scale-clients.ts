import WebSocket from 'ws';

/**
 * The client side of the scale benchmark, in its own process so its work is not the servers'.
 * The parent sends one job; the reply is what was counted over the fixed window.
 * - stream: one WebSocket per entry of `urls` (signed in with the token beside it), all subscribed
 *   to `topics`; frames and ticks are counted from the moment every client is subscribed.
 * - orders: `inFlight` loops, loop i on urls[i % urls.length], each placing a paper market BUY then
 *   SELL of one share, one request at a time; acknowledged orders are counted.
 */
export type ScaleJob =
  | { kind: 'stream'; urls: string[]; tokens: string[]; topics: string[]; windowMs: number }
  | { kind: 'orders'; urls: string[]; token: string; inFlight: number; windowMs: number };

export interface ScaleResult {
  counted: number;
  /** stream: ticks inside the counted frames (a burst is one frame of several). */
  ticks?: number;
  failed: number;
  seconds: number;
}

const TOPIC_KEY = Buffer.from('"topic":');

async function streamJob(job: Extract<ScaleJob, { kind: 'stream' }>): Promise<ScaleResult> {
  let counting = false;
  let frames = 0;
  let ticks = 0;
  const sockets: WebSocket[] = [];
  // One at a time: the server admits only a few not-yet-signed-in streams per address.
  for (const [i, url] of job.urls.entries()) {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stream ${i} not subscribed within 10 s`)), 10_000);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: job.tokens[i] })));
      socket.on('error', reject);
      socket.on('message', (raw: Buffer) => {
        // Control frames start {"type":…}; data frames are parsed no further than counting their ticks,
        // so the clients' own cost stays small beside the servers'.
        if (raw.subarray(0, 8).toString() === '{"type":') {
          const { type } = JSON.parse(raw.toString()) as { type: string };
          if (type === 'ready') socket.send(JSON.stringify({ type: 'subscribe', topics: job.topics }));
          if (type === 'subscribed') {
            clearTimeout(timer);
            resolve();
          }
          return;
        }
        if (!counting) return;
        frames++;
        for (let at = raw.indexOf(TOPIC_KEY); at >= 0; at = raw.indexOf(TOPIC_KEY, at + TOPIC_KEY.length))
          ticks++;
      });
    });
  }
  counting = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, job.windowMs));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.terminate();
  return { counted: frames, ticks, failed: 0, seconds };
}

async function ordersJob(job: Extract<ScaleJob, { kind: 'orders' }>): Promise<ScaleResult> {
  let placed = 0;
  let failed = 0;
  const deadline = performance.now() + job.windowMs;
  const started = performance.now();
  const place = async (url: string, side: 'BUY' | 'SELL') => {
    const response = await fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${job.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ symbol: 'RELIANCE', side, type: 'MARKET', quantity: 1, strategy: 'bench' }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status === 201) placed++;
    else failed++;
  };
  await Promise.all(
    Array.from({ length: job.inFlight }, async (_, i) => {
      const url = job.urls[i % job.urls.length]!;
      // The sell follows its own buy, so the paper account never sells what it does not hold.
      while (performance.now() < deadline) {
        await place(url, 'BUY');
        await place(url, 'SELL');
      }
    }),
  );
  return { counted: placed, failed, seconds: (performance.now() - started) / 1000 };
}

process.once('message', (job: ScaleJob) => {
  (job.kind === 'stream' ? streamJob(job) : ordersJob(job)).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: String(error) }, () => process.exit(1)),
  );
});
