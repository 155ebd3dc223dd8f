import { useHoldings } from '@td/api-client';
import type { PaperOverview } from '@td/contracts';
import { Card, formatSignedINR, MISSING_VALUE, pnlTone, Tile, TileGrid } from '@td/ui';

/** Open positions' gain or loss against their cost: the sum of every holding's total_returns. */
function UnrealizedPnlTile() {
  const holdings = useHoldings();
  if (!holdings.data) {
    return (
      <Tile
        label="Unrealized P&L"
        value={MISSING_VALUE}
        subValue={holdings.isError ? 'Holdings unavailable' : 'Loading holdings…'}
      />
    );
  }
  const unrealized = holdings.data.reduce((sum, holding) => sum + holding.total_returns, 0);
  const count = holdings.data.length;
  return (
    <Tile
      label="Unrealized P&L"
      tone={pnlTone(unrealized)}
      value={formatSignedINR(unrealized)}
      subValue={`On ${count} open ${count === 1 ? 'holding' : 'holdings'}`}
    />
  );
}

/**
 * spec part 2 §2.5 "Today's Performance". `paperAccountShown` is false in live mode, when the
 * holdings the server lists are the live account's, not the paper one's.
 */
export function TodaysPerformance({
  overview,
  paperAccountShown,
}: {
  overview: PaperOverview;
  paperAccountShown: boolean;
}) {
  return (
    <Card title="Today's Performance">
      <TileGrid $min="200px">
        <Tile
          label="Today's P&L"
          tone={pnlTone(overview.day_change)}
          value={formatSignedINR(overview.day_change)}
        />
        <Tile label="Trades Today" value={overview.trades_today.toLocaleString('en-IN')} />
        {paperAccountShown ? (
          <UnrealizedPnlTile />
        ) : (
          <Tile label="Unrealized P&L" value={MISSING_VALUE} subValue="Shown in paper or mock mode" />
        )}
      </TileGrid>
    </Card>
  );
}
