import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EngineStatus, MarketSentiment, MlIntelligenceMetrics, NewsHeadline } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { ApiError } from './api-error';
import { POLL_INTERVALS } from './polling';
import { fetchEngineStatus } from './shell';

/** The reply schemas come with the first call (ml-replies.ts). */
const replies = () => import('./ml-replies');

export const mlKeys = {
  intelligenceMetrics: ['ml', 'intelligence-metrics'] as const,
  /** The dashboard's pipeline: sentiment, engines and news, asked for together. */
  intelligencePipeline: ['ml', 'intelligence-pipeline'] as const,
};

/** A 200 reply that says `success: false` is a failure like any other. */
function refused(reply: { success?: boolean | null; error?: string | null }, path: string): void {
  if (reply.success === false)
    throw new ApiError('http', reply.error ?? `${path} answered success: false`, 200);
}

export function fetchMlIntelligenceMetrics(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<MlIntelligenceMetrics> {
  const path = '/api/ml/intelligence-metrics';
  return api
    .get(path, () => replies().then((r) => r.mlIntelligenceMetricsReply), { signal })
    .then((reply) => {
      refused(reply, path);
      if (!reply.data) throw new ApiError('invalid_response', `${path} answered without data`, 200);
      return reply.data;
    });
}

export function fetchMarketSentiment(api: ApiClient, signal?: AbortSignal): Promise<MarketSentiment> {
  const path = '/api/ml/sentiment/market';
  return api
    .get(path, () => replies().then((r) => r.marketSentimentReply), { signal })
    .then((reply) => {
      refused(reply, path);
      const sentiment = reply.sentiment ?? reply.data?.sentiment;
      if (!sentiment) throw new ApiError('invalid_response', `${path} answered without sentiment`, 200);
      return sentiment;
    });
}

export function fetchNewsHeadlines(api: ApiClient, signal?: AbortSignal): Promise<NewsHeadline[]> {
  const path = '/api/news';
  return api
    .get(path, () => replies().then((r) => r.newsReply), { signal })
    .then((reply) => {
      refused(reply, path);
      return reply.data.headlines;
    });
}

export interface IntelligencePipelineData {
  sentiment: MarketSentiment;
  engines: EngineStatus;
  headlines: NewsHeadline[];
}

export const mlIntelligenceMetricsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: mlKeys.intelligenceMetrics,
    queryFn: ({ signal }) => fetchMlIntelligenceMetrics(api, signal),
    refetchInterval: POLL_INTERVALS.mlMetrics,
  });

/** spec part 1 §7: the three calls are made together and the pipeline shows only when all are ok. */
export const intelligencePipelineQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: mlKeys.intelligencePipeline,
    queryFn: async ({ signal }): Promise<IntelligencePipelineData> => {
      const [sentiment, engines, headlines] = await Promise.all([
        fetchMarketSentiment(api, signal),
        fetchEngineStatus(api, signal),
        fetchNewsHeadlines(api, signal),
      ]);
      return { sentiment, engines, headlines };
    },
    refetchInterval: POLL_INTERVALS.pipeline,
  });

export const useMlIntelligenceMetrics = () => useQuery(mlIntelligenceMetricsQuery(useApiClient()));
export const useIntelligencePipeline = () => useQuery(intelligencePipelineQuery(useApiClient()));
