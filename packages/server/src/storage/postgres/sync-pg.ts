import { createRequire } from 'node:module';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** What one statement gave back: rows for a query, the count of rows a write touched. */
export interface PgResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

export interface PgServerError extends Error {
  /** PostgreSQL's SQLSTATE, e.g. 23505 for a unique violation, 40P01 for a deadlock. */
  code?: string;
}

interface Reply {
  result?: PgResult;
  error?: { message: string; code?: string };
}

/**
 * The worker owns one `pg` connection. Plain JavaScript evaluated in the worker, so it loads the
 * same way under the server's runtime, the tests and the container: it needs only the path of `pg`.
 * BIGINT and NUMERIC come back as numbers: money is integer paise and times epoch ms, both far below
 * 2^53, so no value loses a digit.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { Client, types } = require(workerData.pgPath);
types.setTypeParser(20, (text) => Number(text));
types.setTypeParser(1700, (text) => Number(text));
const signal = new Int32Array(workerData.signal);
const port = workerData.port;
const client = new Client({ connectionString: workerData.url, application_name: workerData.name });
let failure = null;
client.on('error', (error) => { failure = error; });
const ready = client.connect();
const answer = (reply) => {
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
};
port.on('message', async (request) => {
  if (request.close) {
    await client.end().catch(() => undefined);
    answer({ result: { rows: [], rowCount: 0 } });
    port.close();
    return;
  }
  try {
    await ready;
    if (failure) throw failure;
    const result = await client.query({ text: request.sql, values: request.params, rowMode: undefined });
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    answer({ result: { rows: last.rows ?? [], rowCount: last.rowCount ?? 0 } });
  } catch (error) {
    answer({ error: { message: String(error && error.message ? error.message : error), code: error && error.code } });
  }
});
`;

/**
 * A synchronous PostgreSQL connection: the caller blocks on Atomics.wait while a worker thread runs
 * the query over `pg`. The repositories are synchronous (a unit of work reads, decides and writes
 * with nothing else running in between), so PostgreSQL is reached the way SQLite is: one statement
 * at a time, on loopback a fraction of a millisecond each (decision 0031).
 */
export class SyncPg {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private closed = false;

  constructor(
    url: string,
    private readonly options: { name?: string; timeoutMs?: number } = {},
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const pgPath = createRequire(import.meta.url).resolve('pg');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { url, pgPath, signal: this.signal.buffer, port: port2, name: options.name ?? 'trading' },
      transferList: [port2],
    });
    // The process may exit while the connection is open: the runtime closes it on stop.
    this.worker.unref();
  }

  query(sql: string, params: readonly unknown[] = []): PgResult {
    const reply = this.call({ sql, params });
    if (reply.error) {
      const error: PgServerError = new Error(reply.error.message);
      error.code = reply.error.code;
      throw error;
    }
    return reply.result as PgResult;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.call({ close: true });
    } finally {
      this.port.close();
      void this.worker.terminate();
    }
  }

  private call(request: object): Reply {
    if (this.closed && !('close' in request)) throw new Error('The PostgreSQL connection is closed');
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage(request);
    const waited = Atomics.wait(this.signal, 0, 0, this.options.timeoutMs ?? 30_000);
    const message = receiveMessageOnPort(this.port);
    if (waited === 'timed-out' || !message) throw new Error('PostgreSQL did not answer in time');
    return message.message as Reply;
  }
}
