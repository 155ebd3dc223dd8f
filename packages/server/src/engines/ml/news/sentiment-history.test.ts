import type { StoredHeadline } from './headline-store';
import { SentimentHistory } from './sentiment-history';

const NOW = Date.UTC(2026, 0, 6, 6, 0); // Tue 6 Jan 2026, 11:30 IST
const HOUR = 3_600_000;

let ids = 0;
function headline(at: number, score: number, symbols: string[], sectors: string[] = []): StoredHeadline {
  ids += 1;
  return {
    id: `h${ids}`,
    title: `Headline ${ids}`,
    summary: '',
    sentiment: score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral',
    score,
    confidence: 1,
    symbols,
    sectors,
    source: 'Simulated newswire',
    url: null,
    timestamp: new Date(at).toISOString(),
    event_type: null,
    simulated: true,
    at,
  };
}

describe('past news read as it stood at a moment', () => {
  it('never reads a headline published after the moment, even a minute after', () => {
    const history = new SentimentHistory([
      headline(NOW - HOUR, 0.4, ['INFY']),
      headline(NOW + 60_000, -0.9, ['INFY']),
    ]);
    expect(history.readerAt(NOW).sentimentBySymbol('INFY')).toEqual({ score: 0.4, count: 1 });
    // A minute later the second headline is out, and it counts.
    expect(history.readerAt(NOW + 60_000).sentimentBySymbol('INFY')?.count).toBe(2);
    // Before the first was published there is nothing to read.
    expect(history.readerAt(NOW - HOUR - 1).sentimentBySymbol('INFY')).toBeNull();
  });

  it('reads a headline published at the moment itself', () => {
    const history = new SentimentHistory([headline(NOW, -0.5, ['TCS'])]);
    expect(history.readerAt(NOW).sentimentBySymbol('TCS')).toEqual({ score: -0.5, count: 1 });
  });

  it('forgets a headline older than 24 hours', () => {
    const history = new SentimentHistory([
      headline(NOW - 24 * HOUR - 60_000, 0.9, ['INFY']),
      headline(NOW - 23 * HOUR, -0.3, ['INFY']),
    ]);
    expect(history.readerAt(NOW).sentimentBySymbol('INFY')).toEqual({ score: -0.3, count: 1 });
    // Exactly 24 hours old is out of the window too; a day and a minute later nothing is left.
    expect(
      new SentimentHistory([headline(NOW - 24 * HOUR, 0.5, ['INFY'])])
        .readerAt(NOW)
        .sentimentBySymbol('INFY'),
    ).toBeNull();
    expect(history.readerAt(NOW + 2 * HOUR).sentimentBySymbol('INFY')).toBeNull();
  });

  it('gives a stock the headlines naming it, and a sector the headlines tagged with it', () => {
    const history = new SentimentHistory([
      headline(NOW - HOUR, 0.6, ['INFY'], ['IT']),
      headline(NOW - HOUR, -0.4, [], ['IT']),
      headline(NOW - HOUR, 0.2, ['HDFCBANK'], ['Banking']),
    ]);
    const reader = history.readerAt(NOW);
    // INFY reads only the headline naming it; the sector-wide one is the sector's.
    expect(reader.sentimentBySymbol('INFY')).toEqual({ score: 0.6, count: 1 });
    expect(reader.sentimentBySector('IT')).toEqual({ score: 0.1, count: 2 });
    expect(reader.sentimentBySymbol('HDFCBANK')).toEqual({ score: 0.2, count: 1 });
    expect(reader.sentimentBySector('Banking')).toEqual({ score: 0.2, count: 1 });
    // A stock or sector no headline names has no reading.
    expect(reader.sentimentBySymbol('TCS')).toBeNull();
    expect(reader.sentimentBySector('Energy')).toBeNull();
    // A symbol is not a sector, nor the other way round.
    expect(reader.sentimentBySector('INFY')).toBeNull();
    expect(reader.sentimentBySymbol('IT')).toBeNull();
  });

  it('keeps headlines in time order however they are appended, so the window stays right', () => {
    const history = new SentimentHistory([headline(NOW - 2 * HOUR, 0.5, ['INFY'])]);
    // A later session's news, out of order, then an earlier headline appended after it.
    history.append([headline(NOW + 2 * HOUR, -0.8, ['INFY']), headline(NOW + HOUR, 0.3, ['INFY'])]);
    history.append([headline(NOW - 30 * HOUR, 1, ['INFY'])]);
    expect(history.size).toBe(4);
    expect(history.readerAt(NOW).sentimentBySymbol('INFY')).toEqual({ score: 0.5, count: 1 });
    expect(history.readerAt(NOW + HOUR).sentimentBySymbol('INFY')?.count).toBe(2);
    expect(history.readerAt(NOW + 2 * HOUR).sentimentBySymbol('INFY')?.count).toBe(3);
    // The old one is read at its own time only.
    expect(history.readerAt(NOW - 29 * HOUR).sentimentBySymbol('INFY')).toEqual({ score: 1, count: 1 });
  });

  it('reads an empty history as no news', () => {
    const history = new SentimentHistory([]);
    expect(history.size).toBe(0);
    expect(history.readerAt(NOW).sentimentBySymbol('INFY')).toBeNull();
    expect(history.readerAt(NOW).sentimentBySector('IT')).toBeNull();
  });
});
