/** One NIFTY 50 member's last price against its previous close (any unit, both the same). */
export interface MemberMove {
  symbol: string;
  last: number | undefined;
  previousClose: number | undefined;
}

export type MarketSentiment = 'Bullish' | 'Bearish' | 'Neutral';

/**
 * Breadth score at or beyond which the market reads Bullish (or, negated, Bearish):
 * (advancers − decliners) / members priced. 0.2 is e.g. 30 up and 20 down of 50.
 */
export const SENTIMENT_THRESHOLD = 0.2;
/** Weight of news once the ML service scores it (−1..1); breadth keeps the rest. */
export const NEWS_WEIGHT = 0.4;

export interface Breadth {
  advancers: number;
  decliners: number;
  unchanged: number;
  /** −1..1: (advancers − decliners) / members with both prices; 0 with none. */
  score: number;
}

/** Advancers and decliners: members whose last price is above (below) their previous close. */
export function marketBreadth(members: readonly MemberMove[]): Breadth {
  let advancers = 0;
  let decliners = 0;
  let unchanged = 0;
  for (const { last, previousClose } of members) {
    if (!last || !previousClose || !Number.isFinite(last) || !Number.isFinite(previousClose)) continue;
    if (last > previousClose) advancers += 1;
    else if (last < previousClose) decliners += 1;
    else unchanged += 1;
  }
  const priced = advancers + decliners + unchanged;
  return { advancers, decliners, unchanged, score: priced > 0 ? (advancers - decliners) / priced : 0 };
}

/**
 * Breadth alone today; once the ML service scores news (−1..1), the two are blended
 * (1 − NEWS_WEIGHT)·breadth + NEWS_WEIGHT·news and read against the same threshold.
 */
export function marketSentiment(
  breadth: Breadth,
  newsScore: number | null = null,
): { sentiment: MarketSentiment; basis: string } {
  const news = newsScore !== null && Number.isFinite(newsScore) ? Math.max(-1, Math.min(1, newsScore)) : null;
  const score = news === null ? breadth.score : (1 - NEWS_WEIGHT) * breadth.score + NEWS_WEIGHT * news;
  const sentiment: MarketSentiment =
    score >= SENTIMENT_THRESHOLD ? 'Bullish' : score <= -SENTIMENT_THRESHOLD ? 'Bearish' : 'Neutral';
  const counts = `${breadth.advancers} advancing, ${breadth.decliners} declining, ${breadth.unchanged} unchanged of the NIFTY 50`;
  const newsText =
    news === null
      ? 'news sentiment not yet available'
      : `news sentiment ${news.toFixed(2)} weighted ${NEWS_WEIGHT}`;
  return {
    sentiment,
    basis: `${counts}: breadth ${breadth.score.toFixed(2)}; ${newsText}; Bullish from ${SENTIMENT_THRESHOLD}, Bearish from −${SENTIMENT_THRESHOLD}`,
  };
}
