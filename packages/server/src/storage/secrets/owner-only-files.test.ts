import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';
import { openDatabase } from '../sqlite/database';
import { loadOpsToken, opsTokenFile } from './ops-token';
import { secureDataDir } from './owner-only-files';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data directory is the owner’s alone', () => {
  let dir: string;
  let t: TestApp | null = null;
  let umask: number;

  beforeEach(() => {
    // The common default, under which files come out 0644 and directories 0755 unless the code says otherwise.
    umask = process.umask(0o022);
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'td-perms-')), 'data');
  });
  afterEach(async () => {
    await t?.close();
    t = null;
    process.umask(umask);
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  const startServer = async () => {
    const logLines: string[] = [];
    t = await buildTestApp({
      config: { dataDir: dir },
      databaseFile: path.join(dir, 'trading.db'),
      logStream: { write: (line: string) => logLines.push(line) },
    });
    return logLines;
  };

  it('creates the directory 0700 and the database, its -wal and -shm, the registry and the tokens 0600', async () => {
    await startServer();
    const app = t as TestApp;
    await signInForTest(app); // writes to the database, so the -wal and -shm exist
    app.services.registry.use('infra', {
      manifest_url: 'http://localhost:3005/mf-infra/1.4.3/mf-manifest.json',
      version: '1.4.3',
    });
    loadOpsToken(dir);

    expect(modeOf(dir)).toBe(0o700);
    const files = [
      'trading.db',
      'trading.db-wal',
      'trading.db-shm',
      'remote-registry.json',
      'secrets.key',
      'ops.token',
    ];
    for (const name of files)
      expect({ name, mode: modeOf(path.join(dir, name)) }).toEqual({ name, mode: 0o600 });
    expect(fs.readdirSync(dir).filter((name) => modeOf(path.join(dir, name)) & 0o077)).toEqual([]);
  });

  it('tightens an install from before the rule (0755 directory, 0644 database and registry) when it starts, and says so', async () => {
    fs.mkdirSync(dir, { mode: 0o755 });
    openDatabase(path.join(dir, 'trading.db')).close();
    fs.writeFileSync(path.join(dir, 'remote-registry.json'), '{"remotes":{}}\n', { mode: 0o644 });
    fs.chmodSync(path.join(dir, 'trading.db'), 0o644);
    fs.chmodSync(dir, 0o755);

    const logLines = await startServer();

    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'trading.db'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'remote-registry.json'))).toBe(0o600);
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.tightened);
    expect(warning.msg).toBe('data directory was open to other users: now owner-only');
    expect(warning.tightened).toEqual(
      expect.arrayContaining([`${dir} (was 0755)`, `${path.join(dir, 'trading.db')} (was 0644)`]),
    );
  });

  it('leaves a credential file to be refused rather than quietly repaired', () => {
    fs.mkdirSync(dir, { mode: 0o700 });
    loadOpsToken(dir);
    fs.chmodSync(opsTokenFile(dir), 0o644);
    expect(secureDataDir(dir)).toEqual([]);
    expect(modeOf(opsTokenFile(dir))).toBe(0o644);
  });
});
