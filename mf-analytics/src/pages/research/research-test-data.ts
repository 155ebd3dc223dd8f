import type { ResearchAnalysis, ResearchRecommendation } from '@td/contracts';

export const recommendation = (overrides: Partial<ResearchRecommendation>): ResearchRecommendation => ({
  symbol: 'INFY',
  signal: 'HOLD',
  in_nifty_50: true,
  confidence: 0.1,
  score: 0.05,
  price: 1500,
  target: null,
  stop: null,
  risk: null,
  risk_percent: null,
  risk_band: null,
  reasons: ['score 0.05 = 0.50×momentum 0.10 + 0.50×mean_reversion 0.00; agreement 1.00'],
  ...overrides,
});

export const analysis: ResearchAnalysis = {
  market_sentiment: 'Bullish',
  sentiment_basis: '32 advancing, 18 declining, 0 unchanged of the NIFTY 50: breadth 0.28',
  advancers: 32,
  decliners: 18,
  trend_direction: 'Uptrend',
  trend_basis: 'NIFTY 50 26100.00 is 1.50 % from its 20-session mean',
  volatility_level: 'Moderate',
  volatility_percent: 14.2,
  volatility_basis: 'annualised volatility of 40 NIFTY 50 daily returns is 14.20 %',
  recommendations: [
    recommendation({
      symbol: 'RELIANCE',
      signal: 'BUY',
      confidence: 0.81,
      score: 0.52,
      price: 1550,
      target: 1767,
      stop: 1441.5,
      risk: 108.5,
      risk_percent: 7,
      risk_band: 'Low',
      reasons: [
        'score 0.52 = 0.50×momentum 0.70 + 0.50×mean_reversion 0.34; agreement 1.00',
        'momentum: 20-bar return +1.4 %',
      ],
    }),
    recommendation({ symbol: 'TCS', signal: 'SELL', confidence: 0.64, score: -0.4, price: 3200 }),
    recommendation({ symbol: 'INFY', signal: 'HOLD', confidence: 0.12 }),
    // A Bank NIFTY member outside the NIFTY 50: the loop trades it, the table shows it on request.
    recommendation({ symbol: 'PNB', signal: 'HOLD', confidence: 0.05, in_nifty_50: false }),
  ],
  strategy: 'ensemble',
  as_of: '2026-01-05T04:00:00.000Z',
  source: 'simulator',
  simulated: true,
};
