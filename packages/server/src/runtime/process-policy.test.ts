import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CRASH_EXIT_CODE, installProcessPolicy } from './process-policy';

function setUp(close: () => Promise<void> | void, closeTimeoutMs = 1_000) {
  const events = new EventEmitter();
  const logged: { level: string; context: Record<string, unknown>; message: string }[] = [];
  const record = (level: string) => (context: Record<string, unknown>, message: string) =>
    logged.push({ level, context, message });
  const exit = jest.fn();
  const closing = jest.fn(close);
  installProcessPolicy({
    events,
    log: { error: record('error'), fatal: record('fatal') } as never,
    close: closing,
    exit,
    closeTimeoutMs,
  });
  return { events, logged, exit, close: closing };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the process policy for errors nothing caught', () => {
  it('logs an unhandled rejection with its reason and keeps the server running', async () => {
    const { events, logged, exit, close } = setUp(() => {});
    const reason = new Error('feed reconnect failed');
    events.emit('unhandledRejection', reason);
    await settle();

    expect(logged).toEqual([
      expect.objectContaining({ level: 'error', context: { err: reason, event: 'unhandledRejection' } }),
    ]);
    expect(close).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
  });

  it('logs an uncaught exception, closes the database, then exits non-zero', async () => {
    const order: string[] = [];
    const { events, logged, exit } = setUp(async () => {
      order.push('close');
    });
    exit.mockImplementation((code: number) => order.push(`exit ${code}`));
    const error = new Error('boom');
    events.emit('uncaughtException', error, 'uncaughtException');
    await settle();

    expect(logged[0]).toMatchObject({
      level: 'fatal',
      context: { err: error, origin: 'uncaughtException', event: 'uncaughtException' },
    });
    expect(order).toEqual(['close', `exit ${CRASH_EXIT_CODE}`]);
    expect(CRASH_EXIT_CODE).not.toBe(0);
  });

  it('still exits non-zero when closing fails, and logs why', async () => {
    const { events, logged, exit } = setUp(() => {
      throw new Error('database is locked');
    });
    events.emit('uncaughtException', new Error('boom'), 'uncaughtException');
    await settle();

    expect(exit).toHaveBeenCalledWith(CRASH_EXIT_CODE);
    expect(logged.map((line) => line.message)).toContain('closing after an uncaught exception failed');
  });

  it('exits non-zero after the timeout when closing hangs', async () => {
    jest.useFakeTimers();
    try {
      const { events, exit } = setUp(() => new Promise<void>(() => {}), 2_000);
      events.emit('uncaughtException', new Error('boom'), 'uncaughtException');
      jest.advanceTimersByTime(1_999);
      expect(exit).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(exit).toHaveBeenCalledWith(CRASH_EXIT_CODE);
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes once when a second exception arrives while closing', async () => {
    let finish = () => {};
    const { events, exit, close, logged } = setUp(() => new Promise<void>((resolve) => (finish = resolve)));
    events.emit('uncaughtException', new Error('first'), 'uncaughtException');
    events.emit('uncaughtException', new Error('second'), 'uncaughtException');
    await settle();
    finish();
    await settle();

    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(logged.filter((line) => line.level === 'fatal')).toHaveLength(2);
  });
});

describe('the policy on the real process', () => {
  it('survives a rejected promise, then on a throwing timer closes the database and exits with code 1', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-process-policy-'));
    try {
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(__dirname, '..', 'test-support/uncaught-exception-child.ts'),
          path.join(dir, 'x.db'),
        ],
        { cwd: path.resolve(__dirname, '../../../..'), encoding: 'utf8', timeout: 20_000 },
      );
      expect(child.stdout.trim().split('\n')).toEqual([
        'error a promise was rejected and nothing handled it; the server keeps running',
        'alive',
        'fatal uncaught exception: closing the database and exiting',
        'closed yes',
      ]);
      expect(child.status).toBe(CRASH_EXIT_CODE);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
