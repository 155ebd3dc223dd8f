import fs from 'node:fs';
import path from 'node:path';
import { hostContentSecurityPolicy } from '../../../../../scripts/lib/content-security-policy';
import { loadConfig } from '../../runtime/config';
import { OPS_TOKEN_HEADER } from '../../storage/secrets/ops-token';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

const EXTRA_ORIGIN = 'https://cdn.example.test';
const API_URL = 'http://localhost:8082';

describe('PUT /api/platform/registry', () => {
  let t: TestApp;
  let log: string;
  let opsToken: string;

  beforeEach(async () => {
    log = '';
    t = await buildTestApp({
      config: {
        allowedRemoteOrigins: loadConfig({ EXTRA_REMOTE_ORIGINS: EXTRA_ORIGIN }).allowedRemoteOrigins,
      },
      logStream: { write: (line: string) => (log += line) },
    });
    opsToken = fs.readFileSync(path.join(t.config.dataDir, 'ops.token'), 'utf8');
  });
  afterEach(() => t.close());

  const put = (body: object, headers: Record<string, string> = { [OPS_TOKEN_HEADER]: opsToken }) =>
    t.app.inject({ method: 'PUT', url: '/api/platform/registry', payload: body, headers });
  const registry = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/platform/registry' })).json().data;
  const csp = () => hostContentSecurityPolicy(API_URL, t.config.allowedRemoteOrigins);
  const infra = (manifest_url: string, version = '1.4.3') => ({
    name: 'infra',
    entry: { manifest_url, version },
  });

  it('swaps a remote to a build on a listed origin, with the ops token', async () => {
    const response = await put(infra(`${EXTRA_ORIGIN}/mf-infra/1.4.3/mf-manifest.json`));
    expect(response.statusCode).toBe(200);
    expect((await registry()).remotes.infra).toEqual({
      manifest_url: `${EXTRA_ORIGIN}/mf-infra/1.4.3/mf-manifest.json`,
      version: '1.4.3',
    });
  });

  it('refuses a manifest outside the allowed origins, naming them, and changes neither the registry nor the CSP', async () => {
    const before = await registry();
    const policyBefore = csp();
    const response = await put(infra('https://attacker.example/mf-infra/9.9.9/mf-manifest.json', '9.9.9'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(
      /mf-infra may only be loaded from http:\/\/localhost:3001, .*http:\/\/localhost:3005, .*https:\/\/cdn\.example\.test; https:\/\/attacker\.example is not one of them/,
    );
    expect(await registry()).toEqual(before);
    expect(csp()).toBe(policyBefore);
    expect(csp()).not.toContain('attacker.example');
  });

  it('never widens the CSP because of what the registry names', async () => {
    const policyBefore = csp();
    await put(infra(`${EXTRA_ORIGIN}/mf-infra/1.4.3/mf-manifest.json`));
    // A hand edit naming another origin is refused when read, so it cannot reach the shell either.
    const file = path.join(t.config.dataDir, 'remote-registry.json');
    const document = JSON.parse(fs.readFileSync(file, 'utf8'));
    document.remotes.ml = {
      manifest_url: 'https://attacker.example/mf-ml/1.0.0/mf-manifest.json',
      version: '1.0.0',
    };
    fs.writeFileSync(file, JSON.stringify(document));
    // Moved past the file's own time (not today's), so the watcher sees a change on any date.
    const { atime, mtimeMs } = fs.statSync(file);
    fs.utimesSync(file, atime, new Date(mtimeMs + 5000));
    expect((await registry()).remotes.ml.manifest_url).toBe(
      'http://localhost:3004/mf-ml/1.0.0/mf-manifest.json',
    );
    expect(csp()).toBe(policyBefore);
  });

  it('answers 401 without the ops token, and leaves the registry as it was', async () => {
    const before = await registry();
    const response = await put(infra('http://localhost:3005/mf-infra/1.4.3/mf-manifest.json'), {});
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(
      /needs the ops token: send the ops token .* in the x-ops-token header/,
    );
    expect(await registry()).toEqual(before);
  });

  it('answers 401 to a wrong ops token', async () => {
    const response = await put(infra('http://localhost:3005/mf-infra/1.4.3/mf-manifest.json'), {
      [OPS_TOKEN_HEADER]: `${opsToken}x`,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(/The ops token is not valid/);
  });

  it('answers 403 to a signed-in browser session without the ops token', async () => {
    const before = await registry();
    const { headers } = await signInForTest(t);
    const response = await put(infra('http://localhost:3005/mf-infra/1.4.3/mf-manifest.json'), headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/Changing the remote registry is an ops action/);
    expect(await registry()).toEqual(before);
  });

  it('logs each swap with the remote, the old and the new version, and never the token', async () => {
    await put(infra('http://localhost:3005/mf-infra/1.4.3/mf-manifest.json'));
    await put(infra('http://localhost:3005/mf-infra/1.0.0/mf-manifest.json', '1.0.0'));
    const swaps = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((line) => line.remote === 'infra');
    expect(swaps.map(({ from_version, to_version }) => [from_version, to_version])).toEqual([
      ['1.0.0', '1.4.3'],
      ['1.4.3', '1.0.0'],
    ]);
    expect(swaps[0].msg).toBe('remote swapped: mf-infra 1.0.0 → 1.4.3');
    expect(log).not.toContain(opsToken);
  });
});
