import type { ResearchAnalysis } from '@td/contracts';
import { dailyVolatilityPercent, realisedVolatility } from '../analytics/realised-volatility';
import { istDateOf } from '../market/calendar';
import { IndexCalculator, referenceIndexBase } from '../market/instruments';
import type { MarketDataService } from '../market/market-data-service';
import { phaseForCapital, type Signal } from '../strategy';
import { indexTrend } from './index-trend';
import { marketBreadth, marketSentiment } from './market-sentiment';
import { toRecommendation } from './recommendations';

/** Daily closes looked back over: enough sessions for the 25 the trend needs and the volatility. */
const LOOKBACK_MS = 60 * 86_400_000;
/** Daily closes are read at most this often per source (they change once a session). */
const CLOSES_TTL_MS = 10 * 60_000;
/** Requests in flight at once for a real provider's daily bars: its rate limits are per second. */
const CLOSES_CONCURRENCY = 4;
/**
 * Ranking the universe costs ~20 ms over a full session of bars; the loop itself ranks once a
 * minute, so research reuses a ranking for a few seconds rather than repeat it for every reader.
 */
const RANKING_TTL_MS = 5_000;

export class ResearchUnavailableError extends Error {}

export interface ResearchServiceOptions {
  market: MarketDataService;
  /** The trading loop's own ranking of its universe: what its next run would decide on. */
  rank: (now: number) => Signal[];
  strategy: () => string;
  /** Equity of the account the trading mode trades, paise: it sets the phase and so the stop. */
  equityPaise: () => number;
  /** News sentiment −1..1 once the ML service scores it; null until then. */
  newsScore?: () => number | null;
  now: () => number;
}

interface DailyCloses {
  key: string;
  readAt: number;
  /** Closes by symbol, oldest first, and by IST date. */
  bySymbol: Map<string, number[]>;
  byDate: Map<string, Map<string, number>>;
}

/**
 * Research & Analysis: NIFTY 50 breadth, trend and volatility from the market engine, and the
 * trading loop's own signals with the exit rules' target and stop.
 */
export class ResearchService {
  private readonly members;
  private readonly index;
  private closes: DailyCloses | null = null;
  private ranking: { at: number; signals: Signal[] } | null = null;

  constructor(private readonly options: ResearchServiceOptions) {
    const { instruments } = options.market;
    this.members = instruments.filter((i) => (i.indexWeights.NIFTY_50 ?? 0) > 0).map((i) => i.symbol);
    this.index = new IndexCalculator(instruments, referenceIndexBase(instruments));
  }

  async analysis(): Promise<ResearchAnalysis> {
    const { market } = this.options;
    const now = this.options.now();
    const feed = market.activeProvider.health();
    if (!feed.connected) throw new ResearchUnavailableError(feed.message);
    const breadth = marketBreadth(
      this.members.map((symbol) => ({
        symbol,
        last: market.lastPrice(symbol),
        previousClose: market.previousClose(symbol),
      })),
    );
    const sentiment = marketSentiment(breadth, this.options.newsScore?.() ?? null);
    const daily = await this.dailyCloses(now);
    const indexCloses = this.indexCloses(daily, now);
    const trend = indexTrend(indexCloses);
    const volatility = realisedVolatility(indexCloses);
    const phase = phaseForCapital(Math.max(0, this.options.equityPaise()) / 100);
    const nifty50 = new Set(this.members);
    const recommendations = this.rank(now).map((signal) => ({
      ...toRecommendation(
        {
          signal,
          pricePaise: market.lastPrice(signal.symbol),
          dailyVolatilityPercent: dailyVolatilityPercent(daily.bySymbol.get(signal.symbol) ?? []),
        },
        phase,
      ),
      in_nifty_50: nifty50.has(signal.symbol),
    }));
    return {
      market_sentiment: sentiment.sentiment,
      sentiment_basis: sentiment.basis,
      advancers: breadth.advancers,
      decliners: breadth.decliners,
      trend_direction: trend.direction,
      trend_basis: trend.basis,
      volatility_level: volatility.level,
      volatility_percent: volatility.percent,
      volatility_basis: volatility.basis,
      recommendations,
      strategy: this.options.strategy(),
      as_of: new Date(now).toISOString(),
      source: feed.source,
      simulated: feed.source === 'simulator',
    };
  }

  private rank(now: number): Signal[] {
    if (!this.ranking || now < this.ranking.at || now - this.ranking.at >= RANKING_TTL_MS) {
      this.ranking = { at: now, signals: this.options.rank(now) };
    }
    return this.ranking.signals;
  }

  /** NIFTY 50 at each past session's close, then today's level from the latest prices. */
  private indexCloses(daily: DailyCloses, now: number): number[] {
    const today = istDateOf(now);
    const levels: number[] = [];
    for (const [date, prices] of [...daily.byDate].sort(([a], [b]) => a.localeCompare(b))) {
      if (date >= today) continue;
      const level = this.index.level('NIFTY_50', prices);
      if (level !== null) levels.push(level);
    }
    const current = this.index.level('NIFTY_50', this.options.market.lastPrices());
    if (current !== null) levels.push(current);
    return levels;
  }

  /** Every member's daily closes from the active source, read once per source every few minutes. */
  private async dailyCloses(now: number): Promise<DailyCloses> {
    const { market } = this.options;
    const source = market.activeProvider;
    const key = `${source.source}:${istDateOf(now)}`;
    if (this.closes?.key === key && now - this.closes.readAt < CLOSES_TTL_MS) return this.closes;
    const bySymbol = new Map<string, number[]>();
    const byDate = new Map<string, Map<string, number>>();
    const queue = market.instruments.map((i) => i.symbol);
    const from = new Date(now - LOOKBACK_MS);
    const to = new Date(now);
    const worker = async () => {
      for (let symbol = queue.shift(); symbol; symbol = queue.shift()) {
        // A symbol whose bars cannot be read has none: the index is computed from the others.
        const bars = await source.historicalCandles(symbol, '1d', from, to).catch(() => []);
        bySymbol.set(
          symbol,
          bars.map((bar) => bar.close),
        );
        for (const bar of bars) {
          const date = istDateOf(bar.openTime);
          if (!byDate.has(date)) byDate.set(date, new Map());
          byDate.get(date)!.set(symbol, bar.close);
        }
      }
    };
    await Promise.all(Array.from({ length: CLOSES_CONCURRENCY }, worker));
    this.closes = { key, readAt: now, bySymbol, byDate };
    return this.closes;
  }
}
