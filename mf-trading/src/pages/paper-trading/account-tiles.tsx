import { useTrades } from '@td/api-client';
import type { PaperOverview } from '@td/contracts';
import { formatINR, formatPercent, formatSignedINR, pnlTone, Tile, TileGrid } from '@td/ui';
import { CashBalanceTile } from './cash-balance-tile';

/** The account's trade count: one row asked for, the total read from the page. */
function TotalTrades() {
  const trades = useTrades({ page_size: 1 });
  if (trades.data) return <>{trades.data.total.toLocaleString('en-IN')} total trades</>;
  return <>{trades.isError ? 'Total trades unavailable' : 'Counting trades…'}</>;
}

/**
 * spec part 2 §2.5 cards: Cash Balance, Portfolio Value, Total Return, Active Positions.
 * `paperAccountShown` is false in live mode, when the trade history belongs to the live account.
 */
export function AccountTiles({
  overview,
  paperAccountShown,
}: {
  overview: PaperOverview;
  paperAccountShown: boolean;
}) {
  const returnTone = pnlTone(overview.total_returns);
  return (
    <TileGrid $min="220px">
      <CashBalanceTile balance={overview.available_balance} />
      <Tile label="Portfolio Value" value={formatINR(overview.portfolio_value)} />
      <Tile
        label="Total Return"
        tone={returnTone}
        value={formatSignedINR(overview.total_returns)}
        subValue={formatPercent(overview.total_returns_percent, { signed: true })}
      />
      <Tile
        label="Active Positions"
        value={overview.active_positions.toLocaleString('en-IN')}
        subValue={
          paperAccountShown ? (
            <TotalTrades />
          ) : (
            `${overview.trades_today.toLocaleString('en-IN')} trades today`
          )
        }
      />
    </TileGrid>
  );
}
