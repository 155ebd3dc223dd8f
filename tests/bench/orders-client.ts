import net from 'node:net';

/**
 * The client side of the orders benchmark, in its own process (pinned to the other core) so the
 * server's figures are not the client's: POST /api/orders over keep-alive HTTP/1.1, a fixed number
 * in flight, latency from send to the whole response. The parent sends one phase at a time.
 *
 * Each request in flight has its own raw connection and writes its request bytes itself, as wrk
 * does: Node's http client spent ≈ 230 µs per request, long enough for the server to sit idle
 * while the client turned a wave of group-committed replies around.
 */
const [apiUrl, token] = process.argv.slice(2);
const { hostname, port } = new URL(apiUrl!);
const SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK'];

export interface Phase {
  inFlight: number;
  orders: number;
  /** 'floor': GET /api/health instead of an order, the HTTP stack's own cost at the same load. */
  kind?: 'orders' | 'floor';
}

export interface PhaseResult {
  inFlight: number;
  orders: number;
  seconds: number;
  /** Send-to-response times in ms, in completion order. */
  latencies: number[];
}

interface Reply {
  status: number;
  text: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection: a request at a time, the reply read by its Content-Length. */
class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve(reply: Reply): void; reject(error: Error): void } | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.deliver();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('The server closed the connection.')));
  }

  static open(): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  send(body: string | null): Promise<Reply> {
    const request =
      body === null
        ? `GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`
        : `POST /api/orders HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.waiting = null;
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }

  private deliver(): void {
    const end = this.buffered.indexOf(HEADER_END);
    if (end < 0 || !this.waiting) return;
    const head = this.buffered.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.fail(new Error(`A reply without Content-Length: ${head}`));
      return;
    }
    const total = end + HEADER_END.length + Number(length[1]);
    if (this.buffered.length < total) return;
    const text = this.buffered.subarray(end + HEADER_END.length, total).toString('utf8');
    this.buffered = this.buffered.subarray(total);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve({ status: Number(head.slice(9, 12)), text });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}

async function runPhase({ inFlight, orders, kind = 'orders' }: Phase): Promise<PhaseResult> {
  // One keep-alive connection per request in flight, opened before the clock starts.
  const connections = await Promise.all(Array.from({ length: inFlight }, () => Connection.open()));
  const latencies: number[] = [];
  let next = 0;
  const send = async (connection: Connection, i: number, measured: boolean) => {
    // Buy then sell the same lot; the account already holds plenty, so a sell that overtakes its buy still fills.
    const body =
      kind === 'floor'
        ? null
        : JSON.stringify({
            symbol: SYMBOLS[Math.floor(i / 2) % SYMBOLS.length],
            side: i % 2 === 0 ? 'BUY' : 'SELL',
            type: 'MARKET',
            quantity: 10,
          });
    const t0 = performance.now();
    const reply = await connection.send(body);
    if (measured) latencies.push(performance.now() - t0);
    if (reply.status !== (kind === 'floor' ? 200 : 201))
      throw new Error(`request ${i} failed: ${reply.status} ${reply.text}`);
  };
  try {
    await Promise.all(connections.map((connection, i) => send(connection, i, false)));
    const started = performance.now();
    await Promise.all(
      connections.map(async (connection) => {
        while (next < orders) await send(connection, next++, true);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { inFlight, orders, seconds, latencies };
  } finally {
    for (const connection of connections) connection.close();
  }
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
