import type { ResearchAnalysis } from '@td/contracts';
import { formatPercent, Tile, TileGrid, type TileTone } from '@td/ui';

const SENTIMENT_TONE: Record<ResearchAnalysis['market_sentiment'], TileTone> = {
  Bullish: 'positive',
  Bearish: 'negative',
  Neutral: 'neutral',
};

export interface MarketTilesProps {
  analysis: ResearchAnalysis | undefined;
  loading: boolean;
}

/** spec part 1 "Research & Analysis": Market Sentiment, Opportunities count, Volatility. Dashes without data. */
export function MarketTiles({ analysis, loading }: MarketTilesProps) {
  const empty = loading ? '…' : '—';
  const buys = analysis?.recommendations.filter((r) => r.signal === 'BUY').length;
  const sells = analysis?.recommendations.filter((r) => r.signal === 'SELL').length;
  return (
    <TileGrid aria-busy={loading || undefined}>
      <Tile
        label="Market Sentiment"
        value={analysis?.market_sentiment ?? empty}
        tone={analysis ? SENTIMENT_TONE[analysis.market_sentiment] : 'neutral'}
        subValue={
          analysis
            ? `${analysis.advancers} advancing · ${analysis.decliners} declining · ${analysis.trend_direction}`
            : undefined
        }
      />
      <Tile
        label="Opportunities"
        value={buys ?? empty}
        subValue={analysis ? `BUY signals of ${analysis.strategy} · ${sells} SELL` : undefined}
      />
      <Tile
        label="Volatility"
        value={analysis?.volatility_level ?? empty}
        subValue={
          analysis
            ? analysis.volatility_percent === null
              ? 'too few NIFTY 50 closes'
              : `${formatPercent(analysis.volatility_percent)} annualised`
            : undefined
        }
      />
    </TileGrid>
  );
}
