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

/** A tiny child: appends its run to a file, then exits with the next code of the list (the last one repeats). */
function childExiting(codes: number[]): string[] {
  const script = path.join(dir, 'child.cjs');
  fs.writeFileSync(
    script,
    `const fs = require('node:fs');
const runs = ${JSON.stringify(path.join(dir, 'runs'))};
fs.appendFileSync(runs, 'x');
const run = fs.readFileSync(runs, 'utf8').length;
const codes = ${JSON.stringify(codes)};
process.exit(codes[Math.min(run, codes.length) - 1]);`,
  );
  return [script];
}

const runsOf = () => fs.readFileSync(path.join(dir, 'runs'), 'utf8').length;

describe('supervise', () => {
  it('starts the command again each time it exits with the restart code, then ends with its next code', async () => {
    const starts: number[] = [];
    const { done } = supervise({
      command: process.execPath,
      args: childExiting([RESTART_EXIT_CODE, RESTART_EXIT_CODE, 3]),
      stdio: 'ignore',
      onStart: (_child, run) => starts.push(run),
    });
    expect(await done).toBe(3);
    expect(starts).toEqual([1, 2, 3]);
    expect(runsOf()).toBe(3);
  });

  it.each([0, 1, 2])('passes exit code %i through without a restart', async (code) => {
    const { done } = supervise({ command: process.execPath, args: childExiting([code]), stdio: 'ignore' });
    expect(await done).toBe(code);
    expect(runsOf()).toBe(1);
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

  it('ends with 128 + the signal number when the child is killed', async () => {
    const script = path.join(dir, 'killed.cjs');
    fs.writeFileSync(script, `process.kill(process.pid, 'SIGKILL');`);
    const { done } = supervise({ command: process.execPath, args: [script], stdio: 'ignore' });
    expect(await done).toBe(128 + os.constants.signals.SIGKILL);
  });
});
