import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type MarketSentimentReport,
  marketSentimentReportResponseSchema,
  type NewsListResponse,
  newsListResponseSchema,
  type SentimentStatus,
  sentimentStatusResponseSchema,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';
import { toQueryString } from './query-string';

/** The news pipeline's calls (contracts/src/news.ts), all under ['ml'] so an ML Refresh asks again. */
export const newsKeys = {
  headlines: (limit: number) => ['ml', 'news', limit] as const,
  market: ['ml', 'sentiment', 'market'] as const,
  status: ['ml', 'sentiment', 'status'] as const,
};

export type NewsList = NewsListResponse['data'];

export const fetchNews = (api: ApiClient, limit: number, signal?: AbortSignal): Promise<NewsList> =>
  api.get(`/api/news${toQueryString({ limit })}`, newsListResponseSchema, { signal }).then((r) => r.data);

export const fetchMarketSentimentReport = (
  api: ApiClient,
  signal?: AbortSignal,
): Promise<MarketSentimentReport> =>
  api
    .get('/api/ml/sentiment/market', marketSentimentReportResponseSchema, { signal })
    .then((r) => r.sentiment);

export const fetchSentimentStatus = (api: ApiClient, signal?: AbortSignal): Promise<SentimentStatus> =>
  api.get('/api/ml/sentiment/status', sentimentStatusResponseSchema, { signal }).then((r) => r.data);

// spec part 2 §7: the ML screen's calls are polled every 30 s; the pipeline's too (part 1 §9).
export const newsQuery = (api: ApiClient, limit = 50) =>
  queryOptions({
    queryKey: newsKeys.headlines(limit),
    queryFn: ({ signal }) => fetchNews(api, limit, signal),
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

export const marketSentimentReportQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: newsKeys.market,
    queryFn: ({ signal }) => fetchMarketSentimentReport(api, signal),
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

export const sentimentStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: newsKeys.status,
    queryFn: ({ signal }) => fetchSentimentStatus(api, signal),
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

export const useNews = (limit = 50) => useQuery(newsQuery(useApiClient(), limit));
export const useMarketSentimentReport = () => useQuery(marketSentimentReportQuery(useApiClient()));
export const useSentimentStatus = () => useQuery(sentimentStatusQuery(useApiClient()));
