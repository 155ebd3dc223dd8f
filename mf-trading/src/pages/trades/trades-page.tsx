import { errorMessage, useTrades, useTradesExport } from '@td/api-client';
import { usePlatform } from '@td/platform';
import { Banner, Button, Card, ErrorPanel, Page, PageHeader, saveFile, Tabs } from '@td/ui';
import { useEffect } from 'react';
import styled from 'styled-components';
import { AuditExport } from './audit-export';
import { QuickActions } from './quick-actions';
import {
  exportQueryOf,
  isFiltered,
  PAGE_SIZE,
  STATUS_TABS,
  type StatusTab,
  tradesQueryOf,
} from './trade-filters';
import { tradesFilename } from './trades-filename';
import { pageCount, TradesPagination } from './trades-pagination';
import { TradesSummary } from './trades-summary';
import { TradesTable } from './trades-table';
import { TradesToolbar } from './trades-toolbar';
import { useTradeFilters } from './use-trade-filters';

const Caption = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Empty = styled.span`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** spec part 2 §2.4 Trading History: every order in the ledger, filtered, paged and summarised by the server. */
export function TradesPage() {
  const { notify } = usePlatform();
  const { filters, searchText, setSearchText, change, goToPage, reset } = useTradeFilters();
  const trades = useTrades(tradesQueryOf(filters));
  const exporter = useTradesExport();
  const data = trades.data;
  const pages = data ? pageCount(data.total, PAGE_SIZE) : 1;

  // Trades can disappear (an account reset): stay on a page that exists.
  useEffect(() => {
    if (data && !trades.isPlaceholderData && filters.page > pages) goToPage(pages);
  }, [data, trades.isPlaceholderData, filters.page, pages, goToPage]);

  const exportCsv = () =>
    exporter.mutate(exportQueryOf(filters), {
      onSuccess: (blob) => {
        const filename = tradesFilename();
        saveFile(blob, filename);
        notify('success', `Trades saved as ${filename}`);
      },
      onError: (error) =>
        notify('error', `Export failed: ${errorMessage(error, 'Trading service is currently unavailable.')}`),
    });

  const list = (
    <Section>
      {filters.tab === 'open' && <Caption>Orders that ended without filling: cancelled or rejected.</Caption>}
      {trades.isError && !data ? (
        <ErrorPanel
          title="Unable to load trades"
          message="Trading service is currently unavailable."
          onRetry={() => void trades.refetch()}
          retrying={trades.isFetching}
        />
      ) : (
        <div aria-busy={trades.isPlaceholderData || undefined}>
          <TradesTable
            trades={data?.trades ?? []}
            loading={trades.isPending}
            emptyText={
              <Empty>
                <strong>No trades found</strong>
                {isFiltered(filters) ? (
                  <>
                    <span>No trades match these filters.</span>
                    <Button variant="secondary" size="sm" onClick={reset}>
                      Clear filters
                    </Button>
                  </>
                ) : (
                  <span>Orders appear here once they are placed.</span>
                )}
              </Empty>
            }
          />
          {data && (
            <TradesPagination
              page={filters.page}
              pageSize={PAGE_SIZE}
              shown={data.trades.length}
              total={data.total}
              onPage={goToPage}
            />
          )}
        </div>
      )}
    </Section>
  );

  return (
    <Page>
      <PageHeader
        title="Trading History"
        subtitle="Every order from the ledger, with its charges and P&L"
        actions={
          <Button variant="secondary" onClick={exportCsv} loading={exporter.isPending}>
            Export CSV
          </Button>
        }
      />
      {trades.isError && data && (
        <Banner tone="warning">
          Unable to connect to trading services. Trade history may not be current.
        </Banner>
      )}
      <TradesSummary
        summary={trades.isError && !data ? undefined : data?.summary}
        loading={trades.isPending}
      />
      <Card title="Trades">
        <Section>
          <TradesToolbar
            filters={filters}
            searchText={searchText}
            onSearchText={setSearchText}
            onChange={change}
            strategies={data?.strategies ?? []}
          />
          <Tabs<StatusTab>
            label="Trade status"
            value={filters.tab}
            onChange={(tab) => change({ tab })}
            tabs={STATUS_TABS.map((tab) => ({ ...tab, content: list }))}
          />
        </Section>
      </Card>
      <QuickActions filters={filters} onApply={change} />
      <AuditExport />
    </Page>
  );
}
