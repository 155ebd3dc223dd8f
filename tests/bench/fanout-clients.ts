import WebSocket from 'ws';

// The client side of the fan-out benchmark, in its own process so it does not share the server's core.
const [url, countText, topicsText] = process.argv.slice(2);
const count = Number(countText);
const topics = topicsText!.split(',');
const latencies = new Float64Array(4_000_000);
let samples = 0;
let delivered = 0;
let firstAt = 0;
let lastAt = 0;
const now = () => performance.timeOrigin + performance.now();

const sockets: WebSocket[] = [];
let ready = 0;
for (let i = 0; i < count; i++) {
  const socket = new WebSocket(url!, { perMessageDeflate: false });
  sockets.push(socket);
  socket.on('open', () => {
    socket.send(JSON.stringify({ type: 'auth', token: 'bench' }));
    socket.send(JSON.stringify({ type: 'subscribe', topics }));
  });
  socket.on('message', (raw: Buffer) => {
    // Control frames are {"type":…}; data is {"topic":…} or, for a burst, an array of them.
    if (raw[0] === 0x7b && raw[2] === 0x74 && raw[3] === 0x79) {
      if (raw.includes('"subscribed"') && ++ready === count) process.send?.({ ready: true });
      return;
    }
    const arrived = now();
    if (firstAt === 0) firstAt = arrived;
    lastAt = arrived;
    const parsed = JSON.parse(raw.toString()) as
      | { data: { sentAt: number } }
      | { data: { sentAt: number } }[];
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      delivered++;
      if (samples < latencies.length) latencies[samples++] = arrived - message.data.sentAt;
    }
  });
}

process.on('message', async (message: { report?: boolean; expected?: number }) => {
  if (!message.report) return;
  // Wait until every frame has arrived, or until arrivals stop for a second.
  let seen = -1;
  while (delivered < (message.expected ?? 0) && delivered !== seen) {
    seen = delivered;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const sorted = Array.from(latencies.subarray(0, samples)).sort((a, b) => a - b);
  const pick = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  process.send?.({
    delivered,
    seconds: (lastAt - firstAt) / 1000,
    p50: pick(50),
    p99: pick(99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  });
  for (const socket of sockets) socket.close();
  setTimeout(() => process.exit(0), 200);
});
