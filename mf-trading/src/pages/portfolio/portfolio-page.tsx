import { useHoldings } from '@td/api-client';
import { useLivePrices } from '@td/platform';
import {
  Card,
  ErrorPanel,
  formatINR,
  formatPercent,
  formatSignedINR,
  Page,
  PageHeader,
  pnlTone,
  Tile,
  TileGrid,
} from '@td/ui';
import { useMemo, useState } from 'react';
import { PriceChart } from '../../components/price-chart/price-chart';
import { useLivePortfolioOverview } from '../../live/use-live-portfolio-overview';
import { withLivePrices } from '../../live/with-live-prices';
import { HoldingsTable } from './holdings-table';

/** spec part 1 "Portfolio": four cards and the Current Holdings table, live from the stream. */
export function PortfolioPage() {
  const overview = useLivePortfolioOverview();
  const holdings = useHoldings();
  const symbols = useMemo(() => (holdings.data ?? []).map((h) => h.symbol), [holdings.data]);
  const prices = useLivePrices(symbols);
  const rows = useMemo(() => withLivePrices(holdings.data ?? [], prices), [holdings.data, prices]);
  const [picked, setPicked] = useState<string | null>(null);
  const charted = picked && symbols.includes(picked) ? picked : (symbols[0] ?? null);

  if (overview.isError || holdings.isError) {
    const failed = overview.isError ? overview : holdings;
    return (
      <Page>
        <PageHeader title="Portfolio" />
        <ErrorPanel
          title="Error loading portfolio data"
          message={`${overview.isError ? 'Failed to fetch portfolio data' : 'Failed to fetch holdings data'}: ${failed.error?.message}`}
          onRetry={() => {
            void overview.refetch();
            void holdings.refetch();
          }}
          retrying={overview.isFetching || holdings.isFetching}
        />
      </Page>
    );
  }

  const data = overview.data?.data;
  const loading = overview.isPending;
  return (
    <Page>
      <PageHeader
        title="Portfolio"
        subtitle={
          overview.data ? `${overview.data.trading_mode_label} · prices update as they trade` : undefined
        }
      />
      <TileGrid aria-busy={loading || undefined}>
        <Tile label="Total Value" value={loading ? '…' : formatINR(data?.total_value)} />
        <Tile
          label="Daily P&L"
          value={loading ? '…' : formatSignedINR(data?.day_change)}
          subValue={data ? formatPercent(data.day_change_percent, { signed: true }) : undefined}
          tone={data ? pnlTone(data.day_change) : 'neutral'}
        />
        <Tile label="Active Positions" value={loading ? '…' : (data?.active_positions ?? '—')} />
        <Tile
          label="Total Returns"
          value={loading ? '…' : formatSignedINR(data?.total_returns)}
          subValue={data ? formatPercent(data.total_returns_percent, { signed: true }) : undefined}
          tone={data ? pnlTone(data.total_returns) : 'neutral'}
        />
      </TileGrid>
      <Card title="Current Holdings">
        <HoldingsTable holdings={rows} loading={holdings.isPending} charted={charted} onChart={setPicked} />
      </Card>
      {charted && (
        <Card title={`${charted} today`}>
          <PriceChart key={charted} symbol={charted} />
        </Card>
      )}
    </Page>
  );
}
