export { type AutoScalingMonitor, createAutoScalingMonitor } from './auto-scaling-monitor';
export { describeDeployment, isSingleMachine, type Topology } from './deployment-view';
export { createInstanceHeartbeat, type InstanceHeartbeat, type InstanceIdentity } from './instance-heartbeat';
export {
  createHpaReader,
  type HpaReader,
  type KubernetesAccess,
  kubernetesAccessFrom,
} from './kubernetes-hpa-reader';
