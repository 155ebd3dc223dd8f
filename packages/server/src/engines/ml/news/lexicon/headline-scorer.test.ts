import { EVENT_KINDS } from '../../../market/simulator/newswire-templates';
import { createFinanceScorer } from '../finance-scorer';
import { HeadlineScorer } from './headline-scorer';

const scorer = createFinanceScorer();
const score = (text: string) => scorer.score(text);

describe('finance headline scoring (VADER rules + our finance terms)', () => {
  it.each([
    ['Infosys Q3 profit beats estimates as margins expand', 'positive'],
    ['L&T bags order worth Rs 5,000 crore from NHAI', 'positive'],
    ['Jefferies upgrades Kotak Mahindra Bank to buy, raises target price', 'positive'],
    ['HDFC Bank Q3 profit misses estimates on margin pressure', 'negative'],
    ['Tata Steel cuts guidance, flags weak demand', 'negative'],
    ['SEBI slaps penalty on Adani Enterprises over disclosure lapses', 'negative'],
    ['CLSA downgrades Wipro to sell, cuts target price', 'negative'],
    ['Sensex, Nifty open flat ahead of RBI policy', 'neutral'],
  ])('reads "%s" as %s', (headline, label) => {
    expect(score(headline).sentiment).toBe(label);
  });

  it('flips a term after a negation: "fails to beat estimates" is bad news', () => {
    expect(score('Infosys beats estimates').score).toBeGreaterThan(0.3);
    expect(score('Infosys fails to beat estimates').sentiment).toBe('negative');
    expect(score('No penalty for ITC in tax case').sentiment).toBe('positive');
    expect(score('Reliance not expected to cut guidance').score).toBeGreaterThan(0);
  });

  it('makes a term stronger after an intensifier and weaker after a softener', () => {
    const plain = score('Tata Motors shares fall').score;
    expect(score('Tata Motors shares fall sharply').score).toBeCloseTo(plain, 6); // only words before count
    expect(score('Tata Motors shares sharply fall').score).toBeLessThan(plain);
    expect(score('Tata Motors shares slightly fall').score).toBeGreaterThan(plain);
    expect(score('Tata Motors shares slightly fall').score).toBeLessThan(0);
  });

  it('weights what follows "but" more than what precedes it', () => {
    expect(score('Profit beats estimates but guidance cut worries investors').sentiment).toBe('negative');
    expect(score('Guidance cut worries investors but profit beats estimates').sentiment).toBe('positive');
  });

  it('keeps company and index names neutral whatever everyday English says ("Yes Bank", "Nifty")', () => {
    expect(score('Yes Bank board meets on Friday')).toEqual({
      score: 0,
      sentiment: 'neutral',
      confidence: 0,
    });
    expect(score('Nifty ends the session').sentiment).toBe('neutral');
    expect(new HeadlineScorer().score('Nifty ends the session').score).toBeGreaterThan(0); // plain VADER
  });

  it('gives more confidence to strong agreeing terms than to mixed ones, and none to no sentiment', () => {
    const strong = score('Infosys shares surge after profit beats estimates').confidence;
    const mixed = score('Infosys shares surge but guidance cut').confidence;
    expect(strong).toBeGreaterThan(0.5);
    expect(mixed).toBeLessThan(strong);
    expect(score('Board meeting scheduled for Friday').confidence).toBe(0);
  });

  it('ignores words that look like object properties and text without words', () => {
    expect(score('constructor toString __proto__ hasOwnProperty').score).toBe(0);
    expect(score('').sentiment).toBe('neutral');
    expect(score('!!! ... ???').score).toBe(0);
  });

  it('stays within −1…1 however many terms pile up', () => {
    const result = score(Array(200).fill('surges').join(' '));
    expect(result.score).toBeLessThanOrEqual(1);
    expect(result.score).toBeGreaterThan(0.99);
  });

  it('scores every simulated newswire template in the direction of its price move', () => {
    for (const kind of EVENT_KINDS) {
      for (const title of kind.titles) {
        const text = title
          .replaceAll('{name}', 'Infosys')
          .replaceAll('{sector}', 'IT stocks')
          .replaceAll('{quarter}', 'Q3')
          .replaceAll('{pct}', '4.2')
          .replaceAll('{broker}', 'Nomura')
          .replaceAll('{amount}', '1,200');
        const expected = kind.move[0] > 0 ? 'positive' : 'negative';
        expect({ text, sentiment: score(text).sentiment }).toEqual({ text, sentiment: expected });
      }
    }
  });
});

describe('capitals inside mixed-case text', () => {
  it('add emphasis to a sentiment word in capitals, and only to that word', () => {
    const plain = score('Wipro shares plunge after results').score;
    expect(score('Wipro shares PLUNGE after results').score).toBeLessThan(plain);
    expect(score('WIPRO SHARES PLUNGE AFTER RESULTS').score).toBeCloseTo(plain, 6); // all capitals: no emphasis
    expect(score('Profit BEATS estimates, beats guidance').score).toBeGreaterThan(
      score('Profit beats estimates, beats guidance').score,
    );
  });
});

describe('direction words in results headlines', () => {
  it('reads "profit down" as bad news and "profit up" as good news', () => {
    expect(score('Maruti Suzuki Q3 net profit down 12%').sentiment).toBe('negative');
    expect(score('Maruti Suzuki Q3 net profit up 12%').sentiment).toBe('positive');
    expect(score('Vodafone Idea net loss narrows in Q3').sentiment).toBe('positive');
  });
});
