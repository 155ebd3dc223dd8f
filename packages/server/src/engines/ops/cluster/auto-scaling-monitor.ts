import type { AutoScalingStatus, Deployment, KubernetesStatus } from '@td/contracts';
import { type InfraMetrics, type ScalingContext, SINGLE_PROCESS } from '../metrics';
import { describeDeployment, type Topology } from './deployment-view';
import type { InstanceHeartbeat } from './instance-heartbeat';

export interface AutoScalingMonitorDeps {
  metrics: Pick<InfraMetrics, 'status'>;
  heartbeat: Pick<InstanceHeartbeat, 'id' | 'self' | 'live'>;
  topology: Topology;
  kubernetes: { read(): Promise<KubernetesStatus> };
  now: () => number;
}

const NOT_AWS_IN_KUBERNETES =
  'No AWS account is connected: the API runs in a Kubernetes pod and reads its autoscaler instead.';

/** Who scales the instances, and how many there are, as the rules' context. */
function scalingContext(deployment: Deployment, kubernetes: KubernetesStatus): ScalingContext {
  if (kubernetes.state === 'read') {
    return {
      instances: kubernetes.current_replicas,
      actuator: `The Kubernetes HorizontalPodAutoscaler ${kubernetes.hpa} applies these rules: ${kubernetes.current_replicas} replicas now, ${kubernetes.desired_replicas} desired (${kubernetes.min_replicas}–${kubernetes.max_replicas}).`,
      kind: 'Kubernetes pod',
      awsDetail: NOT_AWS_IN_KUBERNETES,
    };
  }
  if (kubernetes.state === 'unreadable') {
    return {
      instances: deployment.mode === 'cluster' ? deployment.instances.length : 1,
      actuator: `The Kubernetes HorizontalPodAutoscaler ${kubernetes.hpa} applies these rules; it could not be read just now.`,
      kind: 'Kubernetes pod',
      awsDetail: NOT_AWS_IN_KUBERNETES,
    };
  }
  if (deployment.mode === 'single') return SINGLE_PROCESS;
  return {
    ...SINGLE_PROCESS,
    instances: deployment.instances.length,
    actuator:
      'None here: these instances were started by hand, so the decision is shown, not applied. In Kubernetes the HorizontalPodAutoscaler of deploy/k8s applies the same rules.',
    awsDetail: 'Not running on AWS: these API instances were started by hand.',
  };
}

/**
 * spec part 2 §2.7 with issue 24 point 5: this instance's measurements, the instances that serve
 * the dashboard (one on this machine, or the live ones of a cluster) and the HPA when in Kubernetes.
 */
export function createAutoScalingMonitor(deps: AutoScalingMonitorDeps) {
  return {
    async status(): Promise<AutoScalingStatus> {
      const kubernetes = await deps.kubernetes.read();
      const deployment = describeDeployment(deps.topology, deps.heartbeat, deps.now());
      const measured = deps.metrics.status(scalingContext(deployment, kubernetes));
      return { ...measured, deployment, kubernetes };
    },
  };
}

export type AutoScalingMonitor = ReturnType<typeof createAutoScalingMonitor>;
