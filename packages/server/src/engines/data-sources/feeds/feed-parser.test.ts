import fs from 'node:fs';
import path from 'node:path';
import { FeedRefusedError, parseFeed } from './feed-parser';

const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '..', '..', 'ml', 'news', 'fixtures', name), 'utf8');

function refusal(text: string): string {
  try {
    parseFeed(text);
  } catch (error) {
    if (error instanceof FeedRefusedError) return error.reason;
    throw error;
  }
  throw new Error('the document was accepted');
}

describe('reading RSS and Atom documents', () => {
  it('reads an RSS 2.0 feed: titles, plain-text summaries, links and dates', () => {
    const items = parseFeed(fixture('et-markets.rss.xml'));
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      title: 'Infosys shares surge 4% after Q3 profit beats estimates',
      summary: 'Deal wins & a strong order book lifted the IT major’s margins in the December quarter.',
      url: 'https://economictimes.indiatimes.com/markets/stocks/news/infosys-q3.cms',
      publishedAt: Date.parse('2026-01-05T04:05:00Z'),
      guid: 'https://economictimes.indiatimes.com/markets/stocks/news/infosys-q3.cms',
    });
  });

  it('reads an Atom feed, with escaped HTML titles and content in place of a summary', () => {
    const items = parseFeed(fixture('livemint-markets.atom.xml'));
    expect(items.map((item) => item.title)).toEqual([
      'L&T bags order worth Rs 5,000 crore from NHAI',
      'SEBI slaps penalty on Adani Enterprises over disclosure lapses',
    ]);
    expect(items[0]!.summary).toBe(
      'Larsen & Toubro said the highway project will be executed over 30 months.',
    );
    expect(items[0]!.url).toBe(
      'https://www.livemint.com/market/stock-market-news/lt-order-win-11736051234567.html',
    );
    expect(items[1]!.publishedAt).toBe(Date.parse('2026-01-05T03:50:00Z'));
  });

  it('refuses an HTML page served in place of a feed', () => {
    expect(
      refusal('<!DOCTYPE html><html><head><title>Oops</title></head><body>Not found</body></html>'),
    ).toMatch(/HTML page/);
    expect(refusal('<html><body><p>Login</p></body></html>')).toMatch(/HTML page/);
  });

  it('refuses invalid XML with the line of the fault', () => {
    expect(refusal('<?xml version="1.0"?>\n<rss><channel><item><title>A</title></channel></rss>')).toMatch(
      /invalid XML at line 2/,
    );
  });

  it('refuses entity declarations (a billion-laughs document) before parsing anything', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><rss version="2.0"><channel><item><title>&lol2;</title></item></channel></rss>`;
    expect(refusal(lol)).toMatch(/declares XML entities/);
    const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&x;</title></item></channel></rss>`;
    expect(refusal(external)).toMatch(/declares XML entities/);
  });

  it('refuses XML that is neither RSS nor Atom', () => {
    expect(refusal('<?xml version="1.0"?><sitemap><url>x</url></sitemap>')).toMatch(/neither RSS nor Atom/);
  });

  it('keeps items with a title only, and at most 100 of them', () => {
    const items = Array.from({ length: 150 }, (_, i) => `<item><title>Headline ${i}</title></item>`).join('');
    const parsed = parseFeed(
      `<rss version="2.0"><channel><item><title></title></item>${items}</channel></rss>`,
    );
    expect(parsed).toHaveLength(100);
    expect(parsed[0]!.title).toBe('Headline 0');
    expect(parsed[0]!.publishedAt).toBeNull();
  });
});
