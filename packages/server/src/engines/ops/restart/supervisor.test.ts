import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESTART_EXIT_CODE } from './restart-service';
import { supervise } from './supervisor';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-supervisor-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Short waits, so a test sees several restarts in well under a second. */
const FAST = {
  firstDelayMs: 5,
  maxDelayMs: 40,
  healthyAfterMs: 60_000,
  maxCrashes: 5,
  crashWindowMs: 60_000,
};

/**
 * A tiny child: records its run and the restart facts the supervisor gave it, then ends the way the
 * list says for that run (the last one repeats): an exit code, or 'kill' for a SIGKILL of itself.
 */
function childEnding(ends: (number | 'kill')[], stderrLine = ''): string[] {
  const script = path.join(dir, 'child.cjs');
  fs.writeFileSync(
    script,
    `const fs = require('node:fs');
const runs = ${JSON.stringify(path.join(dir, 'runs'))};
fs.appendFileSync(runs, JSON.stringify({
  restarts: process.env.API_SUPERVISOR_RESTARTS,
  at: process.env.API_SUPERVISOR_LAST_RESTART_AT,
  reason: process.env.API_SUPERVISOR_LAST_RESTART_REASON,
}) + '\\n');
const run = fs.readFileSync(runs, 'utf8').trim().split('\\n').length;
const ends = ${JSON.stringify(ends)};
const end = ends[Math.min(run, ends.length) - 1];
${stderrLine ? `process.stderr.write(${JSON.stringify(`${stderrLine}\n`)});` : ''}
if (end === 'kill') process.kill(process.pid, 'SIGKILL');
else process.exitCode = end;`,
  );
  return [script];
}

const runs = (): { restarts?: string; at?: string; reason?: string; wasSpare?: boolean }[] =>
  fs
    .readFileSync(path.join(dir, 'runs'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('supervise', () => {
  it('starts the command again each time it exits with the restart code, then ends with its clean exit', async () => {
    const starts: number[] = [];
    const { done } = supervise({
      command: process.execPath,
      args: childEnding([RESTART_EXIT_CODE, RESTART_EXIT_CODE, 0]),
      stdio: 'ignore',
      onStart: (_child, run) => starts.push(run),
    });
    expect(await done).toBe(0);
    expect(starts).toEqual([1, 2, 3]);
    expect(runs().map((run) => run.restarts)).toEqual(['0', '1', '2']);
    expect(runs()[2]!.reason).toBe('restart asked for over the API (exit code 75)');
  });

  it('passes a clean exit (code 0) through without a restart', async () => {
    const { done } = supervise({ command: process.execPath, args: childEnding([0]), stdio: 'ignore' });
    expect(await done).toBe(0);
    expect(runs()).toHaveLength(1);
  });

  it('restarts after a crash (exit 1) and after kill -9, telling the next process when and why', async () => {
    const lines: string[] = [];
    const { done } = supervise({
      command: process.execPath,
      args: childEnding([1, 'kill', 0], 'Error: database is locked'),
      stdio: ['ignore', 'ignore', 'pipe'],
      crashPolicy: FAST,
      log: (line) => lines.push(line),
    });
    expect(await done).toBe(0);
    expect(runs()).toEqual([
      { restarts: '0' },
      { restarts: '1', at: expect.stringMatching(/^\d+$/), reason: 'crashed (exit code 1)' },
      { restarts: '2', at: expect.stringMatching(/^\d+$/), reason: 'crashed (signal SIGKILL)' },
    ]);
    expect(lines[0]).toMatch(
      /^the API server stopped unexpectedly \(exit code 1\) after \d+ (ms|s); starting it again in 5 ms \(crash 1 of 5 allowed within 60 s\)\. Its last error output:\nError: database is locked$/,
    );
    expect(lines[1]).toMatch(/\(signal SIGKILL\).*starting it again in 10 ms \(crash 2 of 5/);
  });

  it('gives up on a crash loop with a sentence, ending non-zero', async () => {
    const lines: string[] = [];
    const { done } = supervise({
      command: process.execPath,
      args: childEnding([3], 'Error: EADDRINUSE: address already in use :::8082'),
      stdio: ['ignore', 'ignore', 'pipe'],
      crashPolicy: { ...FAST, maxCrashes: 3 },
      log: (line) => lines.push(line),
    });
    expect(await done).toBe(3);
    expect(runs()).toHaveLength(3);
    expect(lines.at(-1)).toMatch(
      /^the API server crashed 3 times within 60 s \(last: exit code 3 after \d+ (ms|s)\); not starting it again\. Its last error output:\nError: EADDRINUSE: address already in use :::8082\nFix the cause shown in the log above, then run npm start again\.$/,
    );
  });

  it('with a standby, hands the restart to a spare that loaded while the server ran', async () => {
    // Speaks main.ts's side: a spare says standing-by and waits for start; a server says ready.
    const script = path.join(dir, 'standby.cjs');
    fs.writeFileSync(
      script,
      `const fs = require('node:fs');
const runs = ${JSON.stringify(path.join(dir, 'runs'))};
const spareReady = ${JSON.stringify(path.join(dir, 'spare-ready'))};
const wasSpare = process.env.API_STANDBY === '1';
const serve = () => {
  fs.appendFileSync(runs, JSON.stringify({ wasSpare, restarts: process.env.API_SUPERVISOR_RESTARTS, reason: process.env.API_SUPERVISOR_LAST_RESTART_REASON }) + '\\n');
  const run = fs.readFileSync(runs, 'utf8').trim().split('\\n').length;
  process.send({ type: 'ready' });
  // The first server crashes once a spare stands by; the one after it stops cleanly.
  const end = () => (run === 1 ? process.exit(1) : process.exit(0));
  const wait = setInterval(() => { if (run > 1 || fs.existsSync(spareReady)) { clearInterval(wait); end(); } }, 5);
};
if (wasSpare) {
  process.on('message', (message) => {
    if (message.type !== 'start') return;
    Object.assign(process.env, message.env);
    serve();
  });
  process.send({ type: 'standing-by' });
  fs.writeFileSync(spareReady, '');
} else serve();`,
    );
    const { done } = supervise({
      command: process.execPath,
      args: [script],
      stdio: 'ignore',
      standby: true,
      crashPolicy: FAST,
    });
    expect(await done).toBe(0);
    expect(runs()).toEqual([
      { wasSpare: false, restarts: '0' },
      { wasSpare: true, restarts: '1', reason: 'crashed (exit code 1)' },
    ]);
  });

  it('forwards SIGTERM to the child and ends with its exit code, even the restart code', async () => {
    const script = path.join(dir, 'waits.cjs');
    fs.writeFileSync(
      script,
      `process.on('SIGTERM', () => process.exit(${RESTART_EXIT_CODE}));
process.stdout.write('ready\\n');
setInterval(() => {}, 1000);`,
    );
    let ready: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const supervision = supervise({
      command: process.execPath,
      args: [script],
      stdio: ['ignore', 'pipe', 'inherit'],
      onStart: (child) => child.stdout?.once('data', () => ready()),
    });
    await started;
    supervision.signal('SIGTERM');
    expect(await supervision.done).toBe(RESTART_EXIT_CODE);
  });

  it('stops at once, starting nothing more, when SIGTERM arrives while it waits to restart after a crash', async () => {
    const lines: string[] = [];
    let crashed: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      crashed = resolve;
    });
    const supervision = supervise({
      command: process.execPath,
      args: childEnding([1]),
      stdio: 'ignore',
      crashPolicy: { ...FAST, firstDelayMs: 60_000 },
      log: (line) => {
        lines.push(line);
        crashed();
      },
    });
    await waiting;
    supervision.signal('SIGTERM');
    expect(await supervision.done).toBe(0);
    expect(runs()).toHaveLength(1);
  });
});
