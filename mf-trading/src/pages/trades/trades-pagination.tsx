import { Button } from '@td/ui';
import styled from 'styled-components';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Buttons = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface TradesPaginationProps {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  /** Trades matching the filters. */
  total: number;
  onPage: (page: number) => void;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** spec part 2 §2.4: Previous, Next and "Showing X of Y trades", paging on the server. */
export function TradesPagination({ page, pageSize, shown, total, onPage }: TradesPaginationProps) {
  const pages = pageCount(total, pageSize);
  return (
    <Bar aria-label="Trade pages">
      <span role="status">
        Showing {shown.toLocaleString('en-IN')} of {total.toLocaleString('en-IN')} trades
      </span>
      <Buttons>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Buttons>
    </Bar>
  );
}
