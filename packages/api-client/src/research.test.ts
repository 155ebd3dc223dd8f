import { ApiClient } from './api-client';
import { managementApi } from './management';
import { researchAnalysisQuery } from './research';

const ANALYSIS = {
  market_sentiment: 'Bullish',
  sentiment_basis: 'breadth',
  advancers: 30,
  decliners: 20,
  trend_direction: 'Uptrend',
  trend_basis: 'NIFTY above its 20-day average',
  volatility_level: 'Low',
  volatility_percent: 12,
  volatility_basis: '20-day realised',
  recommendations: [],
  strategy: 'Momentum',
  as_of: '2026-01-05T04:00:00.000Z',
  source: 'simulator',
  simulated: true,
};

function clientAnswering(body: unknown) {
  const fetchImpl = jest.fn(
    async (_url: string) => ({ ok: true, status: 200, json: async () => body }) as Response,
  );
  const api = new ApiClient({
    baseUrl: 'http://api.test',
    getToken: () => 'tok',
    fetchImpl: fetchImpl as unknown as typeof fetch,
  });
  return { api, fetchImpl };
}

describe('GET /api/research/analysis, read by the Research screen and the diagnostics', () => {
  it('gives both callers the same analysis, read with the one research contract', async () => {
    const { api, fetchImpl } = clientAnswering({ success: true, data: ANALYSIS });
    const query = researchAnalysisQuery(api);
    const forScreen = await (query.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({
      signal: new AbortController().signal,
    });
    const forDiagnostics = await managementApi.research(api);
    expect(forScreen).toEqual(ANALYSIS);
    expect(forDiagnostics).toEqual(ANALYSIS);
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual([
      'http://api.test/api/research/analysis',
      'http://api.test/api/research/analysis',
    ]);
  });

  it('refuses, for the diagnostics too, an analysis that breaks the contract', async () => {
    const { api } = clientAnswering({
      success: true,
      data: { market_sentiment: 'Bullish', recommendations: [] },
    });
    await expect(managementApi.research(api)).rejects.toMatchObject({ kind: 'invalid_response' });
  });
});
