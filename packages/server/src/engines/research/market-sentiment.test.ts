import { marketBreadth, marketSentiment } from './market-sentiment';

const move = (last: number | undefined, previousClose: number | undefined) => ({
  symbol: 'X',
  last,
  previousClose,
});

describe('market breadth and sentiment', () => {
  it('counts advancers, decliners and unchanged, skipping members without both prices', () => {
    const breadth = marketBreadth([
      move(101, 100),
      move(99, 100),
      move(100, 100),
      move(undefined, 100),
      move(5, 0),
    ]);
    expect(breadth).toEqual({ advancers: 1, decliners: 1, unchanged: 1, score: 0 });
  });

  it('reads 30 up and 20 down of 50 as Bullish (breadth 0.2 is the threshold)', () => {
    const members = [...Array(30).fill(move(101, 100)), ...Array(20).fill(move(99, 100))];
    const { sentiment, basis } = marketSentiment(marketBreadth(members));
    expect(sentiment).toBe('Bullish');
    expect(basis).toMatch(/30 advancing, 20 declining, 0 unchanged of the NIFTY 50: breadth 0.20/);
    expect(basis).toMatch(/news sentiment not yet available/);
  });

  it('reads 20 up and 30 down as Bearish and 26 up 24 down as Neutral', () => {
    const bearish = [...Array(20).fill(move(101, 100)), ...Array(30).fill(move(99, 100))];
    expect(marketSentiment(marketBreadth(bearish)).sentiment).toBe('Bearish');
    const neutral = [...Array(26).fill(move(101, 100)), ...Array(24).fill(move(99, 100))];
    expect(marketSentiment(marketBreadth(neutral)).sentiment).toBe('Neutral');
  });

  it('blends news sentiment in at weight 0.4 once the ML service scores it', () => {
    // breadth 0.04 (26 up, 24 down): 0.6 × 0.04 + 0.4 × 0.6 = 0.264 ≥ 0.2
    const neutral = [...Array(26).fill(move(101, 100)), ...Array(24).fill(move(99, 100))];
    const blended = marketSentiment(marketBreadth(neutral), 0.6);
    expect(blended.sentiment).toBe('Bullish');
    expect(blended.basis).toMatch(/news sentiment 0.60 weighted 0.4/);
  });

  it('is Neutral with no priced members', () => {
    expect(marketSentiment(marketBreadth([])).sentiment).toBe('Neutral');
  });
});
