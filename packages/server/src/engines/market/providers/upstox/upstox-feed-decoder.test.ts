import {
  encodeFeedResponse,
  fullFrame,
  indexFrame,
  ltpcFrame,
  marketInfoFrame,
} from './test-support/upstox-frames';
import { decodeFeedResponse, decodeFramesForBenchmark, UpstoxFeedDecoder } from './upstox-feed-decoder';
import { loadUpstoxFeedProto } from './upstox-feed-proto';

const RELIANCE = 'NSE_EQ|INE002A01018';
const TCS = 'NSE_EQ|INE467B01029';
const NIFTY = 'NSE_INDEX|Nifty 50';
const LTT = Date.UTC(2026, 10, 23, 4, 15, 7, 250); // 09:45:07.250 IST

const decoder = (now = 1_000) =>
  new UpstoxFeedDecoder({
    symbolForKey: (key) => ({ [RELIANCE]: 'RELIANCE', [TCS]: 'TCS', [NIFTY]: 'NIFTY_50' })[key],
    now: () => now,
  });

describe('UpstoxFeedDecoder', () => {
  it('decodes an ltpc frame into ticks priced in paise', () => {
    const frame = ltpcFrame({
      [RELIANCE]: { ltp: 2950.55, ltt: LTT, ltq: 25, cp: 2931.1 },
      [TCS]: { ltp: 4101.05, ltt: LTT + 3, ltq: 1, cp: 4120 },
    });
    const ticks = decoder(LTT + 40).decode(frame);
    expect(ticks).toEqual([
      {
        symbol: 'RELIANCE',
        ltp: 295055,
        ltq: 25,
        volume: 0,
        previousClose: 293110,
        bid: undefined,
        ask: undefined,
        exchangeTs: LTT,
        receivedTs: LTT + 40,
        source: 'upstox',
      },
      expect.objectContaining({ symbol: 'TCS', ltp: 410105, previousClose: 412000, exchangeTs: LTT + 3 }),
    ]);
  });

  it('takes the best bid and ask and the day volume from a full feed with depth', () => {
    const depth = [
      { bidQ: 120, bidP: 2950.5, askQ: 80, askP: 2950.6 },
      { bidQ: 400, bidP: 2950.45, askQ: 310, askP: 2950.65 },
      { bidQ: 90, bidP: 2950.4, askQ: 75, askP: 2950.7 },
    ];
    const [tick] = decoder().decode(
      fullFrame(RELIANCE, { ltp: 2950.55, ltt: LTT, ltq: 10, cp: 2931.1 }, depth, 4_512_300),
    );
    expect(tick).toMatchObject({
      symbol: 'RELIANCE',
      ltp: 295055,
      bid: 295050,
      ask: 295060,
      volume: 4_512_300,
      ltq: 10,
      previousClose: 293110,
    });
  });

  it('reads index feeds (indexFF), scaled like prices to hundredths of a point', () => {
    const [tick] = decoder().decode(indexFrame(NIFTY, { ltp: 24350.45, ltt: LTT, ltq: 0, cp: 24210.9 }));
    expect(tick).toMatchObject({ symbol: 'NIFTY_50', ltp: 2_435_045, previousClose: 2_421_090, volume: 0 });
    expect(tick?.bid).toBeUndefined();
  });

  it('returns no ticks for a market_info frame', () => {
    expect(decoder().decode(marketInfoFrame())).toEqual([]);
  });

  it('reads the option-greeks shape (first level, vtt)', () => {
    const frame = encodeFeedResponse({
      type: 1,
      feeds: {
        [RELIANCE]: {
          firstLevelWithGreeks: {
            ltpc: { ltp: 101.25, ltt: LTT, ltq: 75, cp: 98 },
            firstDepth: { bidQ: 75, bidP: 101.2, askQ: 150, askP: 101.3 },
            optionGreeks: { delta: 0.52, theta: -4.1, gamma: 0.001, vega: 9.3, rho: 1.2 },
            vtt: 982_500,
            iv: 0.14,
          },
          requestMode: 2,
        },
      },
    });
    expect(decoder().decode(frame)[0]).toMatchObject({ ltp: 10125, bid: 10120, ask: 10130, volume: 982_500 });
  });

  it('drops instruments the resolver does not know, and uses the key when no resolver is given', () => {
    const frame = ltpcFrame({ 'BSE_EQ|INE999Z01011': { ltp: 10, ltt: LTT, ltq: 1, cp: 9 } });
    expect(decoder().decode(frame)).toEqual([]);
    expect(decodeFeedResponse(frame)[0]?.symbol).toBe('BSE_EQ|INE999Z01011');
  });

  it('agrees with protobufjs decoding field by field', () => {
    const { FeedResponse } = loadUpstoxFeedProto();
    const feeds: Record<string, unknown> = {};
    for (let i = 0; i < 50; i++) {
      const ltpc = { ltp: 100 + i * 13.35, ltt: LTT + i * 997, ltq: i * 7 + 1, cp: 99 + i };
      feeds[`NSE_EQ|KEY${i}`] =
        i % 2
          ? { ltpc }
          : {
              fullFeed: {
                marketFF: {
                  ltpc,
                  vtt: 1e9 + i,
                  marketLevel: { bidAskQuote: [{ bidP: ltpc.ltp - 0.05, askP: ltpc.ltp + 0.05 }] },
                },
              },
            };
    }
    const frame = encodeFeedResponse({ type: 1, feeds, currentTs: LTT });
    const reference = FeedResponse.toObject(FeedResponse.decode(frame), { longs: Number }) as {
      feeds: Record<
        string,
        {
          ltpc?: { ltp: number; ltt: number; ltq: number; cp: number };
          fullFeed?: {
            marketFF: { ltpc: { ltp: number; ltt: number; ltq: number; cp: number }; vtt: number };
          };
        }
      >;
    };
    const ticks = decodeFeedResponse(frame);
    expect(ticks).toHaveLength(50);
    for (const tick of ticks) {
      const feed = reference.feeds[tick.symbol]!;
      const ltpc = feed.ltpc ?? feed.fullFeed!.marketFF.ltpc;
      expect(tick.ltp).toBe(Math.round(ltpc.ltp * 100));
      expect(tick.exchangeTs).toBe(ltpc.ltt);
      expect(tick.ltq).toBe(ltpc.ltq);
      expect(tick.volume).toBe(feed.fullFeed ? feed.fullFeed.marketFF.vtt : 0);
    }
  });

  it('reads int64 values beyond 32 bits exactly', () => {
    const big = 2 ** 40 + 12345; // encoded as a 6-byte varint
    const frame = encodeFeedResponse({
      type: 1,
      feeds: { [RELIANCE]: { ltpc: { ltp: 1, ltt: big, ltq: big, cp: 1 } } },
    });
    expect(decoder().decode(frame)[0]).toMatchObject({ exchangeTs: 2 ** 40 + 12345, ltq: 2 ** 40 + 12345 });
  });

  it('decodes frames that are slices of a larger buffer (pooled Buffers, ws message slices)', () => {
    const frame = ltpcFrame({ [RELIANCE]: { ltp: 2950.55, ltt: LTT, ltq: 25, cp: 2931.1 } });
    const pool = new Uint8Array(frame.length + 40).fill(0xff);
    pool.set(frame, 13);
    const first = decoder().decode(pool.subarray(13, 13 + frame.length));
    expect(first[0]).toMatchObject({ ltp: 295055, previousClose: 293110, exchangeTs: LTT });
  });

  it('rejects a truncated frame instead of inventing values', () => {
    const frame = ltpcFrame({ [RELIANCE]: { ltp: 2950.55, ltt: LTT, ltq: 25, cp: 2931.1 } });
    expect(() => decoder().decode(frame.subarray(0, frame.length - 12))).toThrow(RangeError);
  });

  it('counts ticks across frames for the benchmark', () => {
    const frames = [
      ltpcFrame({
        [RELIANCE]: { ltp: 1, ltt: LTT, ltq: 1, cp: 1 },
        [TCS]: { ltp: 2, ltt: LTT, ltq: 1, cp: 2 },
      }),
      marketInfoFrame(),
    ];
    expect(decodeFramesForBenchmark(frames)).toBe(2);
  });
});
