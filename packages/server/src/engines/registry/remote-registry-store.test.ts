import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultRegistry, RemoteOriginRefusedError, RemoteRegistryStore } from './remote-registry-store';

const PORTS = { auth: 3001, trading: 3002, analytics: 3003, ml: 3004, infra: 3005 };
const ALLOWED = Object.values(PORTS).map((port) => `http://localhost:${port}`);
const NEXT_INFRA = {
  manifest_url: 'http://localhost:3005/mf-infra/1.4.3/mf-manifest.json',
  version: '1.4.3',
};

describe('RemoteRegistryStore', () => {
  let dir: string;
  let file: string;
  let logger: { info: jest.Mock; warn: jest.Mock; error: jest.Mock };
  let store: RemoteRegistryStore;
  let tick = 0;

  /** Writes the file as an ops hand edit would, with a later mtime than any write before it. */
  const handEdit = (text: string) => {
    fs.writeFileSync(file, text);
    tick += 10;
    const time = new Date(Date.UTC(2030, 0, 1) + tick * 1000);
    fs.utimesSync(file, time, time);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-registry-'));
    file = path.join(dir, 'remote-registry.json');
    logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    store = new RemoteRegistryStore(file, defaultRegistry('localhost', PORTS), {
      allowedOrigins: ALLOWED,
      logger: logger as never,
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the last good registry when the file is truncated, and warns once with the reason', () => {
    store.use('infra', NEXT_INFRA);
    expect(store.read().remotes.infra).toEqual(NEXT_INFRA);
    handEdit(fs.readFileSync(file, 'utf8').slice(0, 40));

    expect(() => store.read()).not.toThrow();
    expect(store.read().remotes.infra).toEqual(NEXT_INFRA);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0].reason).toMatch(/could not be read as JSON/);
  });

  it('serves the defaults when the first file it sees does not parse', () => {
    handEdit('{"remotes": {"infra": {"manifest_url": 42}}, "updated_at": "x"}');
    expect(store.read()).toEqual(defaultRegistry('localhost', PORTS));
    expect(logger.warn.mock.calls[0]?.[0].reason).toMatch(
      /does not match the registry format \(remotes\.infra/,
    );
  });

  it('refuses a hand-edited file that names an origin outside the allowed set', () => {
    store.use('infra', NEXT_INFRA);
    const document = JSON.parse(fs.readFileSync(file, 'utf8'));
    document.remotes.trading = { manifest_url: 'https://evil.example/x/mf-manifest.json', version: '6.6.6' };
    handEdit(JSON.stringify(document));
    expect(store.read().remotes.trading?.version).toBe('1.0.0');
    expect(store.read().remotes.infra).toEqual(NEXT_INFRA);
    expect(logger.warn.mock.calls[0]?.[0].reason).toMatch(/https:\/\/evil\.example is not one of them/);
  });

  it('takes a good file again after a bad one', () => {
    handEdit('not json');
    store.read();
    handEdit(JSON.stringify({ remotes: { infra: NEXT_INFRA }, updated_at: '2030-01-01T00:00:00Z' }));
    expect(store.read().remotes.infra).toEqual(NEXT_INFRA);
  });

  it('refuses to write an entry outside the allowed origins and leaves the file as it was', () => {
    store.use('infra', NEXT_INFRA);
    const before = fs.readFileSync(file, 'utf8');
    expect(() =>
      store.use('infra', { manifest_url: 'https://evil.example/mf-manifest.json', version: '6.6.6' }),
    ).toThrow(RemoteOriginRefusedError);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('never throws out of its file watcher: a corrupt file keeps the last good registry, a failing listener is logged', () => {
    let listener: (() => void) | undefined;
    jest.spyOn(fs, 'watchFile').mockImplementation(((_file: string, _options: unknown, fn: () => void) => {
      listener = fn;
    }) as never);
    jest.spyOn(fs, 'unwatchFile').mockImplementation(() => undefined);
    store.use('infra', NEXT_INFRA);
    const seen: unknown[] = [];
    store.watch((registry) => seen.push(registry.remotes.infra));

    handEdit('{"remotes": {');
    expect(() => listener?.()).not.toThrow();
    expect(seen).toEqual([NEXT_INFRA]);

    const failing = new RemoteRegistryStore(file, defaultRegistry('localhost', PORTS), {
      allowedOrigins: ALLOWED,
      logger: logger as never,
    });
    failing.watch(() => {
      throw new Error('stream closed');
    });
    expect(() => listener?.()).not.toThrow();
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ file }),
      'remote registry change not published',
    );
  });
});
