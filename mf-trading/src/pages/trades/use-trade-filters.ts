import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_FILTERS, type TradeFilters } from './trade-filters';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The screen's filters. The search box updates at once; the query follows it after a pause in
 * typing. Any change but the page's own goes back to page 1.
 */
export function useTradeFilters() {
  const [filters, setFilters] = useState<TradeFilters>(DEFAULT_FILTERS);
  const [searchText, setSearchText] = useState('');
  const settledSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    setFilters((current) =>
      current.search === settledSearch ? current : { ...current, search: settledSearch, page: 1 },
    );
  }, [settledSearch]);

  /** Changes some filters and returns to page 1; `search` here replaces the box's text too. */
  const change = useCallback((patch: Partial<Omit<TradeFilters, 'page'>>) => {
    if (patch.search !== undefined) setSearchText(patch.search);
    setFilters((current) => ({ ...current, ...patch, page: 1 }));
  }, []);

  const goToPage = useCallback((page: number) => setFilters((current) => ({ ...current, page })), []);

  const reset = useCallback(() => change(DEFAULT_FILTERS), [change]);

  return { filters, searchText, setSearchText, change, goToPage, reset };
}
