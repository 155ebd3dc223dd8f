import type { TickStreamingDashboard } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import type { InfraMetrics } from '../../engines/ops/metrics';

export interface InfraMonitoringRouteDeps {
  infraMetrics: Pick<InfraMetrics, 'status'>;
  /** The tick pipeline's and the stream's figures. */
  tickDashboard(): TickStreamingDashboard;
}

/**
 * spec part 2 §2.7 / §7 (api-client infra-monitoring.ts): the auto-scaling monitor, measured by the
 * infra metrics engine, and the tick streaming dashboard.
 */
export async function infraMonitoringRoutes(
  app: FastifyInstance,
  { infraMetrics, tickDashboard }: InfraMonitoringRouteDeps,
) {
  app.get('/api/auto-scaling/status', async () => ({ success: true, data: infraMetrics.status() }));

  app.get('/api/tick-streaming/dashboard', async () => ({ success: true, data: tickDashboard() }));
}
