import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './support/build';
import { ARTIFACTS, ROOT } from './support/paths';

/**
 * `pnpm run test:e2e`: builds what is missing, then runs every tests/e2e/*.e2e.ts file one after
 * another with Node's test runner (each file starts its own stack). Exits with the runner's code.
 */
const filter = process.argv.slice(2);
const files = fs
  .readdirSync(path.join(ROOT, 'tests/e2e'))
  .filter((file) => file.endsWith('.e2e.ts'))
  .filter((file) => filter.length === 0 || filter.some((word) => file.includes(word)))
  .sort()
  .map((file) => path.join('tests/e2e', file));

if (files.length === 0) {
  console.error(`No e2e test files match ${filter.join(' ')}`);
  process.exit(1);
}

fs.rmSync(ARTIFACTS, { recursive: true, force: true });
fs.mkdirSync(ARTIFACTS, { recursive: true });
ensureBuilt();

// The spec reporter for people; TAP to a file, whose summary (# tests, # pass, # fail…) ends the output.
const tapFile = path.join(ARTIFACTS, 'results.tap');
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...files,
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  if (signal) console.error(`The test runner was stopped by ${signal}.`);
  const tap = fs.existsSync(tapFile) ? fs.readFileSync(tapFile, 'utf8').trimEnd().split('\n') : [];
  const summaryStart = tap.findLastIndex((line) => line.startsWith('# tests '));
  if (summaryStart >= 0) console.log(`\n${tap.slice(summaryStart).join('\n')}`);
  process.exit(code ?? 1);
});
