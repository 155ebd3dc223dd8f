import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  envFileKeys,
  type KubeObject,
  loadKustomizationResources,
  readKustomization,
} from './kustomize-resources';
import type { Verdict } from './validate-objects';

const root = path.resolve(__dirname, '../..');
const k8s = path.join(root, 'deploy/k8s');
const KUSTOMIZATIONS = ['base', 'overlays/local'].map((dir) => path.join(k8s, dir));

/** The schema check runs in its own Node process: kubernetes-models ships only as ES modules. */
function validateAll(objects: unknown[]): Verdict[] {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'validate-objects.ts')], {
    cwd: root,
    input: JSON.stringify(objects),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`the schema check did not run: ${run.stderr || run.error}`);
  return JSON.parse(run.stdout) as Verdict[];
}

const base = loadKustomizationResources(path.join(k8s, 'base'), root).map(({ object }) => object);
const find = (kind: string, name: string): KubeObject => {
  const object = base.find((item) => item.kind === kind && item.metadata.name === name);
  if (!object) throw new Error(`no ${kind} ${name} in deploy/k8s/base`);
  return object;
};
const app = find('Deployment', 'trading-dashboard');
const appContainer = app.spec.template.spec.containers[0];
const mfInfra = find('Deployment', 'mf-infra');
const deployments = base.filter((object) => object.kind === 'Deployment');

// Objects the schema must refuse: proof that the check can fail.
const BROKEN = [
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'broken' }, spec: { replicas: 'two' } },
  {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'broken' },
    spec: { scaleTargetRef: { kind: 'Deployment', name: 'x' }, maxReplicas: 2, minReplicas: 'one' },
  },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'broken' }, spec: { ports: [{ port: 'http' }] } },
  { apiVersion: 'example.com/v1', kind: 'Unknown', metadata: { name: 'unchecked' } },
];

describe('the Kubernetes manifests (deploy/k8s)', () => {
  let verdicts: Verdict[];
  beforeAll(() => {
    const all = KUSTOMIZATIONS.flatMap((dir) => loadKustomizationResources(dir, root).map((r) => r.object));
    verdicts = validateAll([...all, ...BROKEN]);
  });

  it('lists only files that exist, in every kustomization', () => {
    for (const dir of KUSTOMIZATIONS) expect(() => loadKustomizationResources(dir, root)).not.toThrow();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-kustomize-'));
    fs.writeFileSync(path.join(dir, 'kustomization.yaml'), 'resources:\n  - missing.yaml\n');
    expect(() => loadKustomizationResources(dir, root)).toThrow(/missing\.yaml, which does not exist/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes the Kubernetes schema of its apiVersion and kind, object by object', () => {
    const checked = verdicts.slice(0, -BROKEN.length);
    expect(checked.filter((verdict) => verdict.error !== null)).toEqual([]);
    expect(new Set(checked.map((verdict) => verdict.kind))).toEqual(
      new Set([
        'v1/ServiceAccount',
        'v1/Service',
        'apps/v1/Deployment',
        'autoscaling/v2/HorizontalPodAutoscaler',
        'policy/v1/PodDisruptionBudget',
        'rbac.authorization.k8s.io/v1/Role',
        'rbac.authorization.k8s.io/v1/RoleBinding',
      ]),
    );
  });

  it('refuses a broken object and a kind it has no schema for', () => {
    const [deployment, hpa, service, unknown] = verdicts.slice(-BROKEN.length);
    expect(deployment!.error).toMatch(/replicas must be integer/);
    expect(hpa!.error).toMatch(/minReplicas must be integer/);
    expect(service!.error).toMatch(/port must be integer/);
    expect(unknown!.error).toMatch(/no schema for example\.com\/v1\/Unknown/);
  });

  it("carries the spec's scaling rules: 1 to 2 pods, up above 85 % CPU for 15 min, down below 30 % for 10 min", () => {
    const hpa = find('HorizontalPodAutoscaler', 'trading-dashboard');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'trading-dashboard',
    });
    expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([1, 2]);
    expect(hpa.spec.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 85 } },
      },
    ]);
    const { scaleUp, scaleDown } = hpa.spec.behavior;
    expect(scaleUp.stabilizationWindowSeconds).toBe(900);
    expect(scaleDown.stabilizationWindowSeconds).toBe(600);
    expect(Number(scaleUp.tolerance)).toBe(0);
    // The scale-down threshold the tolerance sets: 85 % × (1 − tolerance).
    expect(85 * (1 - Number(scaleDown.tolerance))).toBeCloseTo(30, 0);
    expect(scaleDown.policies).toEqual([{ type: 'Pods', value: 1, periodSeconds: 60 }]);
    // CPU % is of the request: without one the autoscaler has nothing to divide by.
    expect(appContainer.resources.requests.cpu).toBeDefined();
    expect(appContainer.resources.limits.cpu).toBeDefined();
  });

  it('asks /api/health for liveness and /api/ready for readiness, on the port the Service targets', () => {
    expect(appContainer.livenessProbe.httpGet).toMatchObject({ path: '/api/health', port: 'http' });
    expect(appContainer.startupProbe.httpGet).toMatchObject({ path: '/api/health', port: 'http' });
    expect(appContainer.readinessProbe.httpGet).toMatchObject({ path: '/api/ready', port: 'http' });
    expect(appContainer.ports).toContainEqual({ name: 'http', containerPort: 8080 });
    expect(find('Service', 'trading-dashboard').spec.ports[0].targetPort).toBe('http');
  });

  it('runs every pod as a non-root user that cannot gain privileges', () => {
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      for (const container of pod.containers) {
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
      }
    }
  });

  it('names the pod, its node and namespace through the downward API', () => {
    const fieldOf = (name: string) =>
      appContainer.env.find((variable: { name: string }) => variable.name === name)?.valueFrom?.fieldRef
        ?.fieldPath;
    expect(fieldOf('POD_NAME')).toBe('metadata.name');
    expect(fieldOf('NODE_NAME')).toBe('spec.nodeName');
    expect(fieldOf('POD_NAMESPACE')).toBe('metadata.namespace');
  });

  it('takes every secret from trading-secrets, by keys the example file has, and never as a literal', () => {
    const example = envFileKeys(path.join(k8s, 'secret.example.env'));
    const refs = deployments.flatMap((deployment) =>
      deployment.spec.template.spec.containers.flatMap((container: KubeObject) =>
        (container.env ?? []).filter((variable: KubeObject) => variable.valueFrom?.secretKeyRef),
      ),
    );
    for (const { valueFrom } of refs) {
      expect(valueFrom.secretKeyRef.name).toBe('trading-secrets');
      expect(example).toContain(valueFrom.secretKeyRef.key);
    }
    const fromSecret = refs.map((variable: KubeObject) => variable.name);
    for (const name of [
      'SECRETS_KEY',
      'UPSTOX_CLIENT_ID',
      'UPSTOX_CLIENT_SECRET',
      'DATABASE_URL',
      'REDIS_URL',
    ])
      expect(fromSecret).toContain(name);
    const literals = appContainer.env
      .filter((variable: KubeObject) => 'value' in variable)
      .map((v: KubeObject) => v.name);
    expect(literals.filter((name: string) => /SECRET|TOKEN|PASSWORD|_KEY|_URL$/.test(name))).toEqual([]);
    // Placeholders only: a real key would not say REPLACE.
    expect(fs.readFileSync(path.join(k8s, 'secret.example.env'), 'utf8')).toMatch(/^SECRETS_KEY=REPLACE/m);
  });

  it('ships mf-infra as its own Deployment and image, swapped by its own images entry', () => {
    const image = mfInfra.spec.template.spec.containers[0].image;
    expect(image).toBe('trading-mf-infra');
    expect(appContainer.image).not.toBe(image);
    for (const dir of KUSTOMIZATIONS)
      expect((readKustomization(dir).images ?? []).map((entry) => entry.name)).toEqual(
        expect.arrayContaining(['trading-dashboard', 'trading-mf-infra']),
      );
    // The dashboard's web server passes /mf-infra/ to that Deployment's Service.
    const service = find('Service', 'mf-infra');
    const upstreams = appContainer.env.find(
      (variable: KubeObject) => variable.name === 'REMOTE_UPSTREAMS',
    ).value;
    expect(upstreams).toBe(`infra=http://${service.metadata.name}:${service.spec.ports[0].port}`);
  });

  it('selects with every Service and the disruption budget exactly the pods they are meant for', () => {
    const selects = (selector: Record<string, string>, deployment: KubeObject) =>
      Object.entries(selector).every(
        ([key, value]) => deployment.spec.template.metadata.labels[key] === value,
      );
    expect(deployments.filter((d) => selects(find('Service', 'trading-dashboard').spec.selector, d))).toEqual(
      [app],
    );
    expect(deployments.filter((d) => selects(find('Service', 'mf-infra').spec.selector, d))).toEqual([
      mfInfra,
    ]);
    const pdb = find('PodDisruptionBudget', 'trading-dashboard');
    expect(pdb.apiVersion).toBe('policy/v1');
    expect(deployments.filter((d) => selects(pdb.spec.selector.matchLabels, d))).toEqual([app]);
  });

  it('lets the pods read their autoscaler and nothing more', () => {
    expect(find('Role', 'trading-dashboard-hpa-reader').rules).toEqual([
      { apiGroups: ['autoscaling'], resources: ['horizontalpodautoscalers'], verbs: ['get', 'list'] },
    ]);
    const binding = find('RoleBinding', 'trading-dashboard-hpa-reader');
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: app.spec.template.spec.serviceAccountName },
    ]);
    find('ServiceAccount', app.spec.template.spec.serviceAccountName);
  });
});
