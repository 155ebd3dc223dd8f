import { errorMessage, useHistoryCoverage } from '@td/api-client';
import { Card, ErrorPanel, Skeleton } from '@td/ui';
import styled from 'styled-components';
import { HistoryCoverageTable } from './history-coverage-table';
import { HistoryFetchForm } from './history-fetch-form';
import { HistoryImportForm } from './history-import-form';

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
const ImportSection = styled.div`
  margin-top: ${({ theme }) => theme.space(5)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.fontSize.sm}; }
`;

/** The bars backtests run over (docs/history-import.md): what is stored, a CSV import and an Upstox fetch to add more. */
export function HistoricalCandlesCard() {
  const coverage = useHistoryCoverage();
  return (
    <Card title="Historical candles">
      <Intro>Real bars kept for backtests, per symbol and interval.</Intro>
      {coverage.isPending && <Skeleton lines={3} label="Loading stored candles" />}
      {coverage.isError && (
        <ErrorPanel
          title="Stored candles unavailable"
          message={errorMessage(coverage.error, 'The stored candles could not be listed.')}
          onRetry={() => void coverage.refetch()}
        />
      )}
      {coverage.data && <HistoryCoverageTable coverage={coverage.data} />}
      <ImportSection>
        <h3>Import a CSV</h3>
        <HistoryImportForm />
      </ImportSection>
      <ImportSection>
        <h3>Fetch from Upstox</h3>
        <HistoryFetchForm />
      </ImportSection>
    </Card>
  );
}
