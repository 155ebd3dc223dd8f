import { buildTestApp, type TestApp } from '../../test-support';

describe('GET /api/ready', () => {
  let t: TestApp;
  let databaseAnswers: boolean;

  beforeEach(async () => {
    databaseAnswers = true;
    t = await buildTestApp({
      config: { tradingLoop: false, replayHistory: false },
      services: (base) => ({ storageHealthy: () => databaseAnswers && base.storageHealthy() }),
    });
  });
  afterEach(() => t.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

  it('answers 503 until the runtime has started, without a session', async () => {
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      status: 'not_ready',
      checks: { runtime_started: false, storage_answers: false },
    });
  });

  it('answers 200 once the runtime has started and storage answers', async () => {
    await t.runtime.start();
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      status: 'ready',
      checks: { runtime_started: true, storage_answers: true },
    });
  });

  it('answers 503 while storage does not answer, and health still says the process lives', async () => {
    await t.runtime.start();
    databaseAnswers = false;
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json().checks).toEqual({ runtime_started: true, storage_answers: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 as soon as the runtime begins stopping, so traffic leaves before the engines do', async () => {
    await t.runtime.start();
    const stopping = t.runtime.stop();
    expect((await ready()).statusCode).toBe(503);
    await stopping;
  });
});
