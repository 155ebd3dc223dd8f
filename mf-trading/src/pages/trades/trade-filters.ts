import type { TradeRange, TradesQueryInput } from '@td/contracts';

/** spec part 2 §2.4 status tabs. */
export const STATUS_TABS = [
  { id: 'all', label: 'All' },
  { id: 'open', label: 'Open' },
  { id: 'completed', label: 'Completed' },
  { id: 'pending', label: 'Pending' },
] as const;
export type StatusTab = (typeof STATUS_TABS)[number]['id'];

/**
 * spec part 2 §4: FILLED is completed, PENDING is pending, anything else is open. In the ledger
 * "anything else" is an order that ended unfilled, so the open tab asks for CANCELLED and REJECTED
 * (docs/decisions/0007-trade-history-statuses.md).
 */
const TAB_STATUSES: Record<StatusTab, string> = {
  all: 'all',
  open: 'CANCELLED,REJECTED',
  completed: 'FILLED',
  pending: 'PENDING',
};

/** spec part 2 §2.4 time ranges, as the server's range values. */
export const TIME_RANGES = [
  { id: 'today', label: 'Today', range: 'today' },
  { id: 'week', label: 'Week', range: '7d' },
  { id: 'month', label: 'Month', range: '30d' },
  { id: 'quarter', label: 'Quarter', range: '90d' },
  { id: 'year', label: 'Year', range: '365d' },
  { id: 'all', label: 'All', range: 'all' },
] as const satisfies readonly { id: string; label: string; range: TradeRange }[];
export type TimeRange = (typeof TIME_RANGES)[number]['id'];

export type SideFilter = 'all' | 'BUY' | 'SELL';

export interface TradeFilters {
  tab: StatusTab;
  range: TimeRange;
  /** Already debounced: what the server is asked for. */
  search: string;
  side: SideFilter;
  /** '' for every strategy. */
  strategy: string;
  page: number;
}

export const PAGE_SIZE = 25;

export const DEFAULT_FILTERS: TradeFilters = {
  tab: 'all',
  range: 'all',
  search: '',
  side: 'all',
  strategy: '',
  page: 1,
};

/** True when anything narrows the list (the page number does not). */
export function isFiltered(filters: TradeFilters): boolean {
  const { page: _page, ...rest } = filters;
  const { page: _defaultPage, ...defaults } = DEFAULT_FILTERS;
  return (Object.keys(rest) as (keyof typeof rest)[]).some((key) => rest[key] !== defaults[key]);
}

/** The filters as the export asks for them: the history's query without paging. */
export function exportQueryOf(filters: TradeFilters): Omit<TradesQueryInput, 'page' | 'page_size'> {
  return {
    status: TAB_STATUSES[filters.tab],
    range: TIME_RANGES.find((option) => option.id === filters.range)?.range ?? 'all',
    search: filters.search.trim() || undefined,
    side: filters.side === 'all' ? undefined : filters.side,
    strategy: filters.strategy || undefined,
  };
}

export function tradesQueryOf(filters: TradeFilters): TradesQueryInput {
  return { ...exportQueryOf(filters), page: filters.page, page_size: PAGE_SIZE };
}
