/** Real bars for backtests: the store, its CSV import and the Upstox fetch (docs/history-import.md). */
export { type HistoryCsvRules, historyCsvSteps, type RowProblem, readHistoryCsv } from './history-csv';
export { HistoryStore, type HistoryStoreDeps } from './history-import';
export { type PacerClock, type RateWindow, RequestPacer, UPSTOX_HISTORY_WINDOWS } from './request-pacer';
export { UpstoxHistoryFetch, type UpstoxHistoryFetchDeps } from './upstox-history-fetch';
