import { autoScalingStatusSchema } from '@td/contracts';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

describe('GET /api/auto-scaling/status', () => {
  it('answers the measured status of this process, with the rules on its window', async () => {
    testApp = await buildTestApp();
    const { headers } = await signInForTest(testApp);
    for (let i = 0; i < 5; i++) await testApp.app.inject({ method: 'GET', url: '/api/health' });
    testApp.services.infraMetrics.sampleNow();
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/auto-scaling/status', headers });
    expect(reply.statusCode).toBe(200);
    const data = autoScalingStatusSchema.parse(reply.json().data);
    expect(data.instance_type).toMatch(/^local process, \d+ vCPU$/);
    expect(data.aws_connected).toBe(false);
    expect(data.aws_detail).toMatch(/Not running on AWS/);
    expect(data.metrics.requests_measured).toBeGreaterThanOrEqual(5);
    expect(data.metrics.latency).not.toBeNull();
    expect(data.metrics.latency_p95!).toBeGreaterThanOrEqual(data.metrics.latency!);
    for (const value of [data.metrics.cpu, data.metrics.cpu_machine, data.metrics.memory]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(data.scaling).toMatchObject({ current_instances: 1, max_instances: 2 });
    expect(data.scaling.actuator).toMatch(/Kubernetes/);
    expect(data.scaling.samples).toBeGreaterThanOrEqual(1);
    expect(data.market_status.length).toBeGreaterThan(0);
    expect(JSON.stringify(reply.json())).not.toMatch(/NaN|Infinity/);
  });

  it('requires a session', async () => {
    testApp = await buildTestApp();
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/auto-scaling/status' });
    expect(reply.statusCode).toBe(401);
  });
});
