import { Button, Card } from '@td/ui';
import styled from 'styled-components';
import { DEFAULT_FILTERS, isFiltered, type TradeFilters } from './trade-filters';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface QuickActionsProps {
  filters: TradeFilters;
  onApply: (filters: Omit<TradeFilters, 'page'>) => void;
}

const TODAY = { ...DEFAULT_FILTERS, range: 'today' } as const;
/** Sells that filled: the trades with realised P&L. */
const CLOSED_TRADES = { ...DEFAULT_FILTERS, tab: 'completed', side: 'SELL' } as const;

/** spec part 2 §2.4's three Quick Action buttons, each a preset of the filters above. */
export function QuickActions({ filters, onApply }: QuickActionsProps) {
  return (
    <Card title="Quick Actions">
      <Buttons>
        <Button variant="secondary" onClick={() => onApply(TODAY)}>
          Today's trades
        </Button>
        <Button variant="secondary" onClick={() => onApply(CLOSED_TRADES)}>
          Closed trades with P&amp;L
        </Button>
        <Button variant="ghost" disabled={!isFiltered(filters)} onClick={() => onApply(DEFAULT_FILTERS)}>
          Clear filters
        </Button>
      </Buttons>
    </Card>
  );
}
