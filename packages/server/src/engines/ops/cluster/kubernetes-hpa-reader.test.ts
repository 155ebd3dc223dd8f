import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHpaReader, type KubernetesAccess, kubernetesAccessFrom } from './kubernetes-hpa-reader';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const HPA_PATH = '/apis/autoscaling/v2/namespaces/trading/horizontalpodautoscalers/trading-dashboard';
const TOKEN = 'service-account-token';

const hpa = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  spec: {
    minReplicas: 1,
    maxReplicas: 2,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 85 } },
      },
    ],
  },
  status: {
    currentReplicas: 1,
    desiredReplicas: 2,
    currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 91 } } }],
  },
};

let dir: string;
let server: http.Server;
let answer: (request: http.IncomingMessage) => { status: number; body: unknown };

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-k8s-'));
  fs.writeFileSync(path.join(dir, 'token'), `${TOKEN}\n`);
  fs.writeFileSync(path.join(dir, 'namespace'), 'trading');
  answer = () => ({ status: 200, body: hpa });
  // A fake Kubernetes API on loopback: only the HPA path, only with the pod's token.
  server = http.createServer((request, response) => {
    const authorised = request.headers.authorization === `Bearer ${TOKEN}`;
    const { status, body } = !authorised
      ? { status: 401, body: { kind: 'Status' } }
      : request.url !== HPA_PATH
        ? { status: 404, body: { kind: 'Status' } }
        : answer(request);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const access = (overrides: Partial<KubernetesAccess> = {}): KubernetesAccess => ({
  baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  tokenFile: path.join(dir, 'token'),
  caFile: path.join(dir, 'ca.crt'),
  namespace: 'trading',
  hpaName: 'trading-dashboard',
  ...overrides,
});

describe('reading the HorizontalPodAutoscaler from the Kubernetes API', () => {
  it('reports current and desired replicas, the bounds and CPU against its target', async () => {
    expect(await createHpaReader(access(), () => T0).read()).toEqual({
      state: 'read',
      detail: 'HorizontalPodAutoscaler trading-dashboard in namespace trading.',
      namespace: 'trading',
      hpa: 'trading-dashboard',
      current_replicas: 1,
      desired_replicas: 2,
      min_replicas: 1,
      max_replicas: 2,
      current_cpu_percent: 91,
      target_cpu_percent: 85,
      read_at: '2026-01-05T04:00:00.000Z',
    });
  });

  it('leaves CPU empty before the metrics server has reported', async () => {
    answer = () => ({ status: 200, body: { ...hpa, status: { currentReplicas: 1, desiredReplicas: 1 } } });
    expect(await createHpaReader(access(), () => T0).read()).toMatchObject({
      state: 'read',
      current_replicas: 1,
      current_cpu_percent: null,
      target_cpu_percent: 85,
    });
  });

  it('says why when the service account may not read it', async () => {
    answer = () => ({ status: 403, body: { kind: 'Status', reason: 'Forbidden' } });
    const status = await createHpaReader(access(), () => T0).read();
    expect(status).toMatchObject({ state: 'unreadable', namespace: 'trading', hpa: 'trading-dashboard' });
    expect(status.detail).toMatch(/may not read it \(403\)/);
  });

  it('says so when there is no such HPA or the token is refused', async () => {
    const missing = await createHpaReader(access({ hpaName: 'other' }), () => T0).read();
    expect(missing.detail).toMatch(/no such HorizontalPodAutoscaler .*\(404\)/);
    fs.writeFileSync(path.join(dir, 'token'), 'stale');
    expect((await createHpaReader(access(), () => T0).read()).detail).toMatch(/token was refused \(401\)/);
  });

  it('reports an HPA without replica status, and an API that does not answer, as unreadable', async () => {
    answer = () => ({ status: 200, body: { spec: { maxReplicas: 2 } } });
    expect((await createHpaReader(access(), () => T0).read()).detail).toBe(
      'HPA trading-dashboard has no replica status yet.',
    );
    const closed = await createHpaReader(access({ baseUrl: 'http://127.0.0.1:1' }), () => T0).read();
    expect(closed.state).toBe('unreadable');
  });

  it('says it is not running in Kubernetes without access', async () => {
    expect(await createHpaReader(null, () => T0).read()).toEqual({
      state: 'absent',
      detail:
        'Not running in Kubernetes: no KUBERNETES_SERVICE_HOST or no service-account token, so there is no HorizontalPodAutoscaler to read.',
    });
  });
});

describe('kubernetesAccessFrom', () => {
  const settings = { servicePort: 443, hpaName: 'trading-dashboard' };

  it('needs both the service host and the mounted token', () => {
    expect(kubernetesAccessFrom({ ...settings, serviceAccountDir: dir })).toBeNull();
    expect(
      kubernetesAccessFrom({
        ...settings,
        serviceHost: '10.0.0.1',
        serviceAccountDir: path.join(dir, 'none'),
      }),
    ).toBeNull();
  });

  it('uses the mounted token, CA and namespace, or the downward API namespace', () => {
    expect(kubernetesAccessFrom({ ...settings, serviceHost: '10.0.0.1', serviceAccountDir: dir })).toEqual({
      baseUrl: 'https://10.0.0.1:443',
      tokenFile: path.join(dir, 'token'),
      caFile: path.join(dir, 'ca.crt'),
      namespace: 'trading',
      hpaName: 'trading-dashboard',
    });
    const ipv6 = kubernetesAccessFrom({
      ...settings,
      serviceHost: 'fd00::1',
      namespace: 'prod',
      serviceAccountDir: dir,
    });
    expect(ipv6).toMatchObject({ baseUrl: 'https://[fd00::1]:443', namespace: 'prod' });
  });
});
