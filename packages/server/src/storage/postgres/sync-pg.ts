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

export interface SyncPgOptions {
  /** The connection's application_name, seen in pg_stat_activity. */
  name?: string;
  /** How long a statement may go unanswered before the connection is given up (ms). */
  timeoutMs?: number;
  /** Run on every (re)connection before its first statement: search_path, lock and statement timeouts. */
  sessionSql?: string;
}

interface Reply {
  id: number;
  /** The server process behind the worker's connection. */
  pid?: number;
  result?: PgResult;
  error?: { message: string; code?: string };
}

/** The longest single sleep while waiting: the deadline is re-checked at least this often. */
const WAIT_SLICE_MS = 1000;

/**
 * The worker owns one `pg` connection. Plain JavaScript evaluated in the worker, so it loads the
 * same way under the server's runtime, the tests and the container: it needs only the path of `pg`.
 * BIGINT and NUMERIC come back as numbers: money is integer paise and times epoch ms, both far below
 * 2^53, so no value loses a digit. Every reply carries the id of the request it answers.
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
const ready = client.connect().then(async () => {
  // The connection given up before this one may still hold its transaction's locks: end it now.
  if (workerData.abandonedPid) {
    await client.query('SELECT pg_terminate_backend($1)', [workerData.abandonedPid]).catch(() => undefined);
  }
  if (workerData.sessionSql) await client.query(workerData.sessionSql);
});
ready.catch(() => undefined);
const answer = (reply) => {
  port.postMessage({ ...reply, pid: client.processID });
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
};
port.on('message', async (request) => {
  if (request.close) {
    await client.end().catch(() => undefined);
    answer({ id: request.id, result: { rows: [], rowCount: 0 } });
    port.close();
    return;
  }
  try {
    await ready;
    if (failure) throw failure;
    const result = await client.query({ text: request.sql, values: request.params, rowMode: undefined });
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    answer({ id: request.id, result: { rows: last.rows ?? [], rowCount: last.rowCount ?? 0 } });
  } catch (error) {
    answer({ id: request.id, error: { message: String(error && error.message ? error.message : error), code: error && error.code } });
  }
});
`;

/** One worker and its connection; replaced whole when a statement goes unanswered. */
interface Link {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
  /** The server process behind it, once it has answered. */
  pid?: number;
}

/**
 * A synchronous PostgreSQL connection: the caller blocks on Atomics.wait while a worker thread runs
 * the query over `pg`. The repositories are synchronous (a unit of work reads, decides and writes
 * with nothing else running in between), so PostgreSQL is reached the way SQLite is: one statement
 * at a time, on loopback a fraction of a millisecond each (decision 0031).
 *
 * A statement unanswered within `timeoutMs` gives up the whole connection: its worker is stopped,
 * which closes the socket, so the server rolls back whatever transaction it had open, and the next
 * statement opens a fresh connection, which first ends the given-up one's server process so its
 * locks go with it. `generation` counts connections, so a caller holding a
 * transaction can tell that the one it began on is gone. A late answer is never taken for another
 * statement's: each reply names the request it answers.
 */
export class SyncPg {
  private link: Link | null = null;
  private nextId = 1;
  private closed = false;
  private connections = 0;
  /** The server process of the connection last given up, ended by the next one before its first statement. */
  private abandonedPid: number | null = null;

  constructor(
    private readonly url: string,
    private readonly options: SyncPgOptions = {},
  ) {
    this.link = this.connect();
  }

  /** Which connection the next statement runs on: 1 for the first, one more after each give-up. */
  get generation(): number {
    return this.link ? this.connections : this.connections + 1;
  }

  query(sql: string, params: readonly unknown[] = []): PgResult {
    if (this.closed) throw new Error('The PostgreSQL connection is closed');
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
    const link = this.link;
    if (!link) return;
    try {
      this.call({ close: true }, link);
    } catch {
      // Not answering: stopping the worker closes the socket all the same.
    } finally {
      this.drop(link);
    }
  }

  private connect(): Link {
    const { port1, port2 } = new MessageChannel();
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const pgPath = createRequire(import.meta.url).resolve('pg');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        url: this.url,
        pgPath,
        signal: signal.buffer,
        port: port2,
        name: this.options.name ?? 'trading',
        sessionSql: this.options.sessionSql ?? null,
        abandonedPid: this.abandonedPid,
      },
      transferList: [port2],
    });
    // The process may exit while the connection is open: the runtime closes it on stop.
    worker.unref();
    this.connections += 1;
    this.abandonedPid = null;
    return { worker, port: port1, signal };
  }

  private drop(link: Link): void {
    link.port.close();
    void link.worker.terminate();
    if (this.link === link) this.link = null;
  }

  private call(request: { sql?: string; params?: readonly unknown[]; close?: boolean }, given?: Link): Reply {
    if (!given && !this.link) this.link = this.connect();
    const link = given ?? (this.link as Link);
    const id = this.nextId++;
    Atomics.store(link.signal, 0, 0);
    link.port.postMessage({ ...request, id });
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const reply = takeReply(link.port, id);
      if (reply) {
        link.pid = reply.pid;
        return reply;
      }
      const left = deadline - performance.now();
      if (left <= 0) break;
      // Sleep until the worker signals, re-checking the deadline at least every slice: a wake with
      // no reply for this id (an early or spurious one) only sends the loop round again.
      Atomics.wait(link.signal, 0, 0, Math.min(left, WAIT_SLICE_MS));
      Atomics.store(link.signal, 0, 0);
    }
    this.abandonedPid = link.pid ?? null;
    this.drop(link);
    throw new Error(
      `PostgreSQL did not answer within ${timeoutMs} ms; the connection was closed and will reopen`,
    );
  }
}

/** The reply to request `id` if it has come; replies to earlier requests (given up on) are dropped. */
function takeReply(port: MessagePort, id: number): Reply | null {
  for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
    const reply = message.message as Reply;
    if (reply.id === id) return reply;
  }
  return null;
}
