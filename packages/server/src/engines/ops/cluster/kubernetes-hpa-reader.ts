import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { KubernetesStatus } from '@td/contracts';
import { z } from 'zod';

/** Where Kubernetes mounts a pod's service-account credentials. */
export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

export interface KubernetesAccess {
  /** https://<KUBERNETES_SERVICE_HOST>:<port> in a pod; tests point it at a fake API on loopback. */
  baseUrl: string;
  tokenFile: string;
  caFile: string;
  namespace: string;
  hpaName: string;
  timeoutMs?: number;
}

export interface KubernetesSettings {
  serviceHost?: string;
  servicePort: number;
  hpaName: string;
  /** POD_NAMESPACE from the downward API; else the service account's namespace file. */
  namespace?: string;
  serviceAccountDir?: string;
}

/** Null outside a pod: Kubernetes sets KUBERNETES_SERVICE_HOST and mounts the token in every pod. */
export function kubernetesAccessFrom(settings: KubernetesSettings): KubernetesAccess | null {
  const dir = settings.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  const tokenFile = `${dir}/token`;
  if (!settings.serviceHost || !fs.existsSync(tokenFile)) return null;
  const host = settings.serviceHost.includes(':') ? `[${settings.serviceHost}]` : settings.serviceHost;
  const namespaceFile = `${dir}/namespace`;
  const namespace =
    settings.namespace ??
    (fs.existsSync(namespaceFile) ? fs.readFileSync(namespaceFile, 'utf8').trim() : 'default');
  return {
    baseUrl: `https://${host}:${settings.servicePort}`,
    tokenFile,
    caFile: `${dir}/ca.crt`,
    namespace,
    hpaName: settings.hpaName,
  };
}

const hpaSchema = z.object({
  spec: z.object({
    minReplicas: z.number().int().optional(),
    maxReplicas: z.number().int(),
    metrics: z.array(z.unknown()).optional(),
  }),
  status: z.object({
    currentReplicas: z.number().int().optional(),
    desiredReplicas: z.number().int(),
    currentMetrics: z.array(z.unknown()).nullish(),
  }),
});

const cpuMetricSchema = z.object({
  type: z.literal('Resource'),
  resource: z.object({
    name: z.literal('cpu'),
    target: z.object({ averageUtilization: z.number() }).partial().optional(),
    current: z.object({ averageUtilization: z.number() }).partial().optional(),
  }),
});

function cpuUtilisation(metrics: unknown[] | null | undefined, side: 'target' | 'current') {
  for (const metric of metrics ?? []) {
    const parsed = cpuMetricSchema.safeParse(metric);
    const value = parsed.success ? parsed.data.resource[side]?.averageUtilization : undefined;
    if (value !== undefined) return value;
  }
  return null;
}

function getJson(url: URL, token: string, ca: Buffer | undefined, timeoutMs: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, ca, timeout: timeoutMs },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

const STATUS_PROBLEM: Record<number, string> = {
  401: 'the service-account token was refused (401)',
  403: 'the service account may not read it (403): bind it to the read-only Role of deploy/k8s',
  404: 'there is no such HorizontalPodAutoscaler in this namespace (404)',
};

/**
 * Reads the HorizontalPodAutoscaler with the pod's mounted token and CA: replicas now and wanted,
 * the bounds, and CPU against its target. The token is read on each call: Kubernetes rotates it.
 */
export function createHpaReader(access: KubernetesAccess | null, now: () => number) {
  return {
    async read(): Promise<KubernetesStatus> {
      if (!access) {
        return {
          state: 'absent',
          detail:
            'Not running in Kubernetes: no KUBERNETES_SERVICE_HOST or no service-account token, so there is no HorizontalPodAutoscaler to read.',
        };
      }
      const { namespace, hpaName: hpa } = access;
      const where = { namespace, hpa };
      const path = `/apis/autoscaling/v2/namespaces/${encodeURIComponent(namespace)}/horizontalpodautoscalers/${encodeURIComponent(hpa)}`;
      try {
        const token = fs.readFileSync(access.tokenFile, 'utf8').trim();
        const ca = fs.existsSync(access.caFile) ? fs.readFileSync(access.caFile) : undefined;
        const reply = await getJson(new URL(path, access.baseUrl), token, ca, access.timeoutMs ?? 2000);
        if (reply.status !== 200) {
          const problem = STATUS_PROBLEM[reply.status] ?? `the Kubernetes API answered ${reply.status}`;
          return { state: 'unreadable', ...where, detail: `Could not read HPA ${hpa}: ${problem}.` };
        }
        const parsed = hpaSchema.safeParse(JSON.parse(reply.body));
        if (!parsed.success) {
          return { state: 'unreadable', ...where, detail: `HPA ${hpa} has no replica status yet.` };
        }
        const { spec, status } = parsed.data;
        return {
          state: 'read',
          ...where,
          detail: `HorizontalPodAutoscaler ${hpa} in namespace ${namespace}.`,
          current_replicas: status.currentReplicas ?? 0,
          desired_replicas: status.desiredReplicas,
          min_replicas: spec.minReplicas ?? 1,
          max_replicas: spec.maxReplicas,
          current_cpu_percent: cpuUtilisation(status.currentMetrics, 'current'),
          target_cpu_percent: cpuUtilisation(spec.metrics, 'target'),
          read_at: new Date(now()).toISOString(),
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { state: 'unreadable', ...where, detail: `Could not read HPA ${hpa}: ${reason}.` };
      }
    },
  };
}

export type HpaReader = ReturnType<typeof createHpaReader>;
