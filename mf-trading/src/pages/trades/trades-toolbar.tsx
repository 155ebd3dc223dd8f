import { Button } from '@td/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { SearchField, SelectField } from './filter-controls';
import { type SideFilter, TIME_RANGES, type TimeRange, type TradeFilters } from './trade-filters';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  & > * {
    flex: 1 1 150px;
    max-width: 240px;
  }
  /* The search box takes most of a wide row; on a phone it has a row of its own. */
  & > :first-child {
    flex: 4 1 260px;
    max-width: none;
  }
`;

const Advanced = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  & > * {
    flex: 0 1 200px;
  }
`;

const SIDES: readonly { value: SideFilter; label: string }[] = [
  { value: 'all', label: 'Buy and sell' },
  { value: 'BUY', label: 'Buy only' },
  { value: 'SELL', label: 'Sell only' },
];

export interface TradesToolbarProps {
  filters: TradeFilters;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (patch: Partial<Omit<TradeFilters, 'page'>>) => void;
  strategies: readonly string[];
}

/** Search, time range and the Advanced Filter (side and strategy); they wrap on phones. */
export function TradesToolbar({
  filters,
  searchText,
  onSearchText,
  onChange,
  strategies,
}: TradesToolbarProps) {
  const [advancedOpen, setAdvancedOpen] = useState(filters.side !== 'all' || filters.strategy !== '');
  const advancedId = useId();
  // A strategy picked earlier stays listed even if the latest page has not named it.
  const strategyOptions = [...new Set([...strategies, ...(filters.strategy ? [filters.strategy] : [])])];
  return (
    <div>
      <Row>
        <SearchField
          label="Search"
          placeholder="Symbol or trade ID"
          value={searchText}
          onChange={onSearchText}
        />
        <SelectField<TimeRange>
          label="Time range"
          value={filters.range}
          options={TIME_RANGES.map((option) => ({ value: option.id, label: option.label }))}
          onChange={(range) => onChange({ range })}
        />
        <Button
          variant="secondary"
          aria-expanded={advancedOpen}
          aria-controls={advancedId}
          onClick={() => setAdvancedOpen((open) => !open)}
        >
          Advanced Filter
        </Button>
      </Row>
      {advancedOpen && (
        <Advanced id={advancedId} role="group" aria-label="Advanced filter">
          <SelectField<SideFilter>
            label="Side"
            value={filters.side}
            options={SIDES}
            onChange={(side) => onChange({ side })}
          />
          <SelectField<string>
            label="Strategy"
            value={filters.strategy}
            options={[
              { value: '', label: 'All strategies' },
              ...strategyOptions.map((name) => ({ value: name, label: name })),
            ]}
            onChange={(strategy) => onChange({ strategy })}
          />
        </Advanced>
      )}
    </div>
  );
}
