import { ApiClient } from './api-client';
import { intelligencePipelineQuery } from './ml';
import { engineStatusQuery } from './shell';

const ENGINES = {
  market_status: {
    is_open: true,
    session: 'open',
    description: 'Market open',
    next_open: null,
    next_close: '2026-01-05T10:00:00.000Z',
    source: 'simulator',
    simulated: true,
  },
  engines: { market_data: { running: true, detail: 'Streaming' } },
  trading_active: false,
};

function clientAnswering(replies: Record<string, unknown>) {
  const fetchImpl = jest.fn(async (url: string) => {
    const body = replies[new URL(url).pathname];
    return {
      ok: body !== undefined,
      status: body === undefined ? 404 : 200,
      json: async () => body,
    } as Response;
  });
  const api = new ApiClient({
    baseUrl: 'http://api.test',
    getToken: () => 'tok',
    fetchImpl: fetchImpl as unknown as typeof fetch,
  });
  return { api, fetchImpl };
}

type QueryFn = (context: { signal: AbortSignal }) => Promise<unknown>;
const run = (queryFn: unknown) => (queryFn as QueryFn)({ signal: new AbortController().signal });

describe('GET /api/engines/status, read by the shell and the dashboard pipeline', () => {
  it('refuses a status that breaks the engine-status contract in both callers alike', async () => {
    // trading_loop is required by the contract: both callers must refuse the same reply.
    const { api } = clientAnswering({
      '/api/engines/status': { success: true, data: ENGINES },
      '/api/ml/sentiment/market': { success: true, sentiment: { overall: { score: 0.5 } } },
      '/api/news': { success: true, data: { headlines: [] } },
    });
    await expect(run(engineStatusQuery(api).queryFn)).rejects.toMatchObject({ kind: 'invalid_response' });
    await expect(run(intelligencePipelineQuery(api).queryFn)).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });
});
