/** The Yahoo Finance adapter's public surface: the polling provider and its chart client. */
export {
  YahooChartClient,
  type YahooChartClientOptions,
  type YahooChartWindow,
  YahooRateLimitError,
} from './yahoo-chart-client';
export { type ParsedChart, parseYahooChart } from './yahoo-chart-parser';
export { YahooProvider, type YahooProviderOptions } from './yahoo-provider';
