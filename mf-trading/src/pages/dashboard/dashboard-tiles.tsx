import { useMlIntelligenceMetrics } from '@td/api-client';
import type { PortfolioOverview } from '@td/contracts';
import {
  formatINR,
  formatPercent,
  formatSignedINR,
  MISSING_VALUE,
  mlHealthBand,
  pnlTone,
  Skeleton,
  Tile,
  TileGrid,
} from '@td/ui';

export interface DashboardTilesProps {
  /** The overview, or undefined while it loads or after it failed. */
  overview: PortfolioOverview | undefined;
  loading: boolean;
}

const loadingValue = <Skeleton block={{ width: '70%', height: '1.75rem' }} label="Loading" />;

/** spec part 1 §2 "Dashboard": the five headline tiles. */
export function DashboardTiles({ overview, loading }: DashboardTilesProps) {
  const value = (text: string) => (loading ? loadingValue : text);
  return (
    <TileGrid $min="190px">
      <Tile label="Portfolio Value" value={value(formatINR(overview?.portfolio_value))} />
      <Tile
        label="Today's P&L"
        value={value(formatSignedINR(overview?.day_change))}
        subValue={overview && formatPercent(overview.day_change_percent, { signed: true })}
        tone={pnlTone(overview?.day_change)}
      />
      <Tile
        label="Active Positions"
        value={value(overview ? String(overview.active_positions) : MISSING_VALUE)}
      />
      <Tile
        label="Total Returns"
        value={value(formatSignedINR(overview?.total_returns))}
        subValue={overview && formatPercent(overview.total_returns_percent, { signed: true })}
        tone={pnlTone(overview?.total_returns)}
      />
      <AiHealthTile />
    </TileGrid>
  );
}

/** The ML system's overall health; says it is unavailable rather than showing a made-up figure. */
function AiHealthTile() {
  const { data, isPending, isError } = useMlIntelligenceMetrics();
  const health = data?.system_health?.overall_health;
  if (isPending) return <Tile label="AI Health" value={loadingValue} />;
  if (isError || !data) {
    // A short word: the tile's large figure has room for about ten characters on a laptop.
    return <Tile label="AI Health" value="Offline" subValue="ML system unavailable" />;
  }
  // The ML service answers before it has measured anything on a fresh start: say so, never a number.
  if (typeof health !== 'number')
    return <Tile label="AI Health" value={MISSING_VALUE} subValue="Not measured yet" />;
  const band = mlHealthBand(health);
  return (
    <Tile
      label="AI Health"
      value={formatPercent(health * 100, { decimals: 0 })}
      subValue={data?.learning_metrics?.learning_active ? 'Learning Active' : 'Learning Inactive'}
      tone={band === 'needs attention' ? 'negative' : band === 'fair' ? 'neutral' : 'positive'}
    />
  );
}
