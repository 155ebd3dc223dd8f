import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TradingMode } from '@td/contracts';
import pino from 'pino';
import { Newswire } from '../../market/simulator/newswire-events';
import { NewsPipeline } from './news-pipeline';

const NOW = Date.parse('2026-01-05T04:30:00Z'); // 10:00 IST
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const FEEDS: Record<string, string> = {
  '/et': fixture('et-markets.rss.xml'),
  '/mint': fixture('livemint-markets.atom.xml'),
  // The same Infosys story again under another link: one headline, not two.
  '/copy': fixture('et-markets.rss.xml').replaceAll('infosys-q3.cms', 'infosys-q3-copy.cms'),
  '/hostile':
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><rss><channel><item><title>&a;</title></item></channel></rss>',
};

let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(request.url!);
    const body = FEEDS[request.url!];
    if (body)
      response.writeHead(200, { 'content-type': 'application/xml', etag: `"${request.url}"` }).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function pipeline(mode: TradingMode, realFeeds: 'auto' | 'on' | 'off' = 'auto') {
  const newswire = new Newswire([{ symbol: 'INFY', sector: 'Information Technology' }], 1, {
    sessionFraction: () => 0.5,
  });
  const logger = pino({ level: 'silent' });
  const feeds = ['et', 'mint', 'copy', 'hostile'].map((id) => ({
    id,
    name: id.toUpperCase(),
    url: `${base}/${id}`,
  }));
  return new NewsPipeline({
    market: { simulator: { newswire } },
    logger,
    now: () => NOW,
    mode: () => mode,
    realFeeds,
    feeds,
  });
}

describe('the news pipeline over real feed documents', () => {
  it('reads no real feed in mock mode unless told to: the offline product stays offline', async () => {
    hits.length = 0;
    const news = pipeline('mock');
    await news.pollFeeds();
    expect(hits).toEqual([]);
    expect(news.status().mode).toBe('simulator');
  });

  it('in paper mode reads every feed, keeps each story once and survives a hostile feed', async () => {
    hits.length = 0;
    const news = pipeline('paper');
    await news.pollFeeds();
    expect(hits).toEqual(['/et', '/mint', '/copy', '/hostile']);
    const { headlines, mode } = news.headlines();
    expect(mode).toBe('rss');
    expect(headlines.map((headline) => headline.title)).toEqual([
      'Infosys shares surge 4% after Q3 profit beats estimates',
      'L&T bags order worth Rs 5,000 crore from NHAI',
      'Brokerage downgrades Tata Steel to sell on weak steel prices',
      'SEBI slaps penalty on Adani Enterprises over disclosure lapses',
      'Sensex, Nifty open flat ahead of RBI policy',
    ]);
    expect(headlines[0]).toMatchObject({
      sentiment: 'positive',
      symbols: ['INFY'],
      sectors: ['Information Technology'],
      source: 'ET',
      simulated: false,
      event_type: null,
    });
    expect(headlines.find((h) => h.title.startsWith('SEBI'))).toMatchObject({
      sentiment: 'negative',
      symbols: ['ADANIENT'],
    });
    const hostile = news.status().sources.find((source) => source.id === 'hostile')!;
    expect(hostile.last_error).toMatch(/entity expansion/);
    expect(news.status()).toMatchObject({ total_articles_processed: 5, enabled: false });
  });

  it('reads real feeds in mock mode when the setting turns them on', async () => {
    hits.length = 0;
    await pipeline('mock', 'on').pollFeeds();
    expect(hits).toHaveLength(4);
  });

  it('takes the newswire’s events in mock mode only', () => {
    const newswire = new Newswire([{ symbol: 'INFY', sector: 'Information Technology' }], 3, {
      sessionFraction: () => 0.5,
    });
    let mode: TradingMode = 'mock';
    let now = NOW;
    const news = new NewsPipeline({
      market: { simulator: { newswire } },
      logger: pino({ level: 'silent' }),
      now: () => now,
      mode: () => mode,
      realFeeds: 'off',
    });
    news.start();
    const runUntil = (last: number, first: number) => {
      for (let minute = first; minute <= last; minute++) {
        now = NOW + minute * 60_000;
        newswire.advance(60, now);
      }
    };
    runUntil(60, 0);
    const taken = news.headlines().total;
    expect(taken).toBeGreaterThan(0);
    mode = 'paper';
    runUntil(120, 61);
    expect(news.headlines().total).toBe(taken);
    news.stop();
  });
});
