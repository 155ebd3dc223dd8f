import type { TickStreamingDashboard } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import type { AutoScalingMonitor } from '../../engines/ops/cluster';

export interface InfraMonitoringRouteDeps {
  autoScaling: Pick<AutoScalingMonitor, 'status'>;
  /** The tick pipeline's and the stream's figures. */
  tickDashboard(): TickStreamingDashboard;
}

/**
 * spec part 2 §2.7 / §7 (api-client infra-monitoring.ts): the auto-scaling monitor (this instance's
 * measurements, the instances serving the dashboard, the Kubernetes HPA), and the tick streaming dashboard.
 */
export async function infraMonitoringRoutes(
  app: FastifyInstance,
  { autoScaling, tickDashboard }: InfraMonitoringRouteDeps,
) {
  app.get('/api/auto-scaling/status', async () => ({ success: true, data: await autoScaling.status() }));

  app.get('/api/tick-streaming/dashboard', async () => ({ success: true, data: tickDashboard() }));
}
