export type { EntryKind, LedgerStorage, ResetResult, TradingSnapshot } from './account-ledger';
export { averagePrice, costRemoved } from './cost-basis';
export { type Execution, type FillInput, Ledger } from './ledger';
export { LedgerError, ledgerErrorMapping } from './ledger-error';
export type { ActivityItem, OrdersPage, OrdersQuery, TradeStats } from './ledger-reader';
export { netRealisedPnlPaise } from './ledger-rows';
export type { LiveOrderRecord } from './live-orders';
export { paperLimitsSchema } from './paper-limits-schema';
export { type MarkPrice, type PortfolioSummary, summarisePortfolio } from './portfolio-summary';
