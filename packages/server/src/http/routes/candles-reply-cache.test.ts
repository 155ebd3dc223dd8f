import type { Candle } from '../../engines/market/market-types';
import { CandlesReplyCache } from './candles-reply-cache';

const MINUTE = 60_000;
const bar = (minute: number, close: number): Candle => ({
  symbol: 'TCS',
  interval: '1m',
  source: 'simulator',
  openTime: minute * MINUTE,
  open: close,
  high: close,
  low: close,
  close,
  volume: 100,
});
const fresh = (symbol: string, interval: string, past: Candle[], today: Candle[]) =>
  JSON.stringify({ success: true, data: { symbol, interval, candles: [...past, ...today] } });

describe('the candles reply kept between ticks', () => {
  const history = Object.freeze([bar(1, 100), bar(2, 101), bar(3, 102)].map((b) => Object.freeze(b)));

  it('reuses the serialised reply while the bars are the same ones, and it reads as a fresh one', () => {
    const cache = new CandlesReplyCache();
    const live = [bar(4, 103), bar(5, 104)];
    const first = cache.reply('TCS', '1m', history.slice(), live.slice());
    expect(first).toBe(fresh('TCS', '1m', [...history], live));
    // New arrays of the same bar objects, as each request builds them: the same reply.
    expect(cache.reply('TCS', '1m', history.slice(), live.slice())).toBe(first);
  });

  it('never answers an older forming bar once a tick has changed it in place', () => {
    const cache = new CandlesReplyCache();
    const forming = bar(5, 104);
    const live = [bar(4, 103), forming];
    cache.reply('TCS', '1m', [...history], [...live]);
    forming.close = 104.5;
    forming.high = 104.5;
    forming.volume = 160;
    expect(cache.reply('TCS', '1m', [...history], [...live])).toBe(fresh('TCS', '1m', [...history], live));
  });

  it('answers a bar that has just opened, and a window that has moved on by a bar', () => {
    const cache = new CandlesReplyCache();
    const live = [bar(4, 103), bar(5, 104)];
    cache.reply('TCS', '1m', [...history], [...live]);
    live.push(bar(6, 105));
    expect(cache.reply('TCS', '1m', [...history], [...live])).toBe(fresh('TCS', '1m', [...history], live));
    expect(cache.reply('TCS', '1m', history.slice(1), [...live])).toBe(
      fresh('TCS', '1m', history.slice(1), live),
    );
  });

  it('answers a re-seeded live series from its own bars, even where their times and last figures match', () => {
    const cache = new CandlesReplyCache();
    cache.reply('TCS', '1m', [...history], [bar(4, 103), bar(5, 104)]);
    const reseeded = [bar(4, 99), bar(5, 104)];
    expect(cache.reply('TCS', '1m', [...history], reseeded)).toBe(fresh('TCS', '1m', [...history], reseeded));
  });

  it('keeps symbols and intervals apart', () => {
    const cache = new CandlesReplyCache();
    const live = [bar(4, 103)];
    cache.reply('TCS', '1m', [...history], live);
    expect(cache.reply('INFY', '1m', [...history], live)).toBe(fresh('INFY', '1m', [...history], live));
    expect(cache.reply('TCS', '5m', [...history], live)).toBe(fresh('TCS', '5m', [...history], live));
  });
});
