import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Role, RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { Service, ServiceAccount } from 'kubernetes-models/v1';

// Validates Kubernetes objects against the API's OpenAPI schemas (kubernetes-models). Run as its own
// Node process by manifests.test.ts: the package ships only as ES modules, which jest's CommonJS
// runtime cannot load. Reads a JSON array of objects on stdin, writes one verdict per object.

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

/** Every kind the manifests use; an object of any other kind is refused rather than passed unchecked. */
const MODELS: Record<string, ModelClass> = {
  'v1/ServiceAccount': ServiceAccount,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'rbac.authorization.k8s.io/v1/Role': Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
};

export interface Verdict {
  kind: string;
  name: string;
  /** null: valid; otherwise the schema's complaint. */
  error: string | null;
}

function validateObject(object: {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
}): Verdict {
  const type = `${object.apiVersion}/${object.kind}`;
  const verdict = { kind: type, name: object.metadata?.name ?? '(unnamed)' };
  const Model = MODELS[type];
  if (!Model) return { ...verdict, error: `no schema for ${type}: add its model to validate-objects.ts` };
  try {
    new Model(object as never).validate();
    return { ...verdict, error: null };
  } catch (error) {
    return { ...verdict, error: error instanceof Error ? error.message : String(error) };
  }
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const objects = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Parameters<typeof validateObject>[0][];
process.stdout.write(JSON.stringify(objects.map(validateObject)));
