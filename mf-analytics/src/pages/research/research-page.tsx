import { isApiError, useResearchAnalysis, useRetrySchedule } from '@td/api-client';
import { usePlatform } from '@td/platform';
import { Banner, Button, Card, Page, PageHeader, Switch } from '@td/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { FiveYearOutlook } from './five-year-outlook';
import { MarketTiles } from './market-tiles';
import {
  DATA_SOURCE_DISCONNECTED,
  NO_SIGNALS,
  RESEARCH_NOT_AVAILABLE,
  RESEARCH_SERVICE_DISCONNECTED,
  SIGNALS_DISCONNECTED,
} from './research-messages';
import { SignalsTable } from './signals-table';
import { SymbolChartModal } from './symbol-chart-modal';

const Coverage = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/** spec part 1 §8: a 503 is the data source; anything else is the research service itself. */
function errorTitle(error: unknown): string {
  return isApiError(error) && error.status === 503 ? DATA_SOURCE_DISCONNECTED : RESEARCH_SERVICE_DISCONNECTED;
}

/**
 * spec part 1 "Research & Analysis": sentiment, opportunities and volatility from the market engine,
 * the editorial 5-year panel, and the trading loop's own signals. spec §4 "Research loading": on
 * failure 3 retries from 2 s doubling, then diagnostics open; every 30 s while in error.
 */
export function ResearchPage() {
  const { openDiagnostics } = usePlatform();
  const research = useResearchAnalysis();
  const { retryNow } = useRetrySchedule(research, openDiagnostics);
  const [charted, setCharted] = useState<string | null>(null);
  // The loop also trades Bank NIFTY names outside the NIFTY 50: shown on request, NIFTY 50 first.
  const [nifty50Only, setNifty50Only] = useState(true);
  // A failed refresh keeps the last answer's figures on screen under the banner.
  const analysis = research.data;
  const failed = research.isError;
  const all = analysis?.recommendations ?? [];
  const shown = nifty50Only ? all.filter((row) => row.in_nifty_50) : all;

  return (
    <Page>
      <PageHeader
        title="Research & Analysis"
        subtitle={
          analysis
            ? `Signals of the ${analysis.strategy} strategy the trading loop trades · ${analysis.simulated ? 'simulated prices' : `prices from ${analysis.source}`}`
            : undefined
        }
      />
      {failed && (
        <Banner
          tone="warning"
          title={errorTitle(research.error)}
          actions={
            <>
              <Button size="sm" variant="secondary" onClick={retryNow} loading={research.isFetching}>
                Retry
              </Button>
              <Button size="sm" variant="ghost" onClick={openDiagnostics}>
                Fix Connection
              </Button>
            </>
          }
        >
          {analysis
            ? 'Showing the last research loaded; retrying automatically.'
            : `${RESEARCH_NOT_AVAILABLE}; retrying automatically.`}
        </Banner>
      )}
      <MarketTiles analysis={analysis} loading={research.isPending && !failed} />
      {analysis && (
        <Card title="Market Reading">
          <ul aria-label="How each reading was made">
            <li>{analysis.sentiment_basis}</li>
            <li>{analysis.trend_basis}</li>
            <li>{analysis.volatility_basis}</li>
          </ul>
        </Card>
      )}
      <FiveYearOutlook />
      <Card
        title="AI Trading Signals"
        action={<Switch checked={nifty50Only} onChange={setNifty50Only} label="NIFTY 50 only" />}
      >
        {all.length > 0 && (
          <Coverage>
            Showing {shown.length} of the {all.length} symbols the trading loop ranks
            {nifty50Only && all.length > shown.length
              ? '; the rest are Bank NIFTY members it also trades'
              : ''}
            .
          </Coverage>
        )}
        <SignalsTable
          recommendations={shown}
          loading={research.isPending && !failed}
          emptyText={failed ? SIGNALS_DISCONNECTED : NO_SIGNALS}
          onOpenChart={setCharted}
        />
      </Card>
      <SymbolChartModal
        recommendation={analysis?.recommendations.find((r) => r.symbol === charted) ?? null}
        onClose={() => setCharted(null)}
      />
    </Page>
  );
}
