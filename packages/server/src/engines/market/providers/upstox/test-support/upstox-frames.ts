import { loadUpstoxFeedProto } from '../upstox-feed-proto';

/** Real FeedResponse frames, encoded with protobufjs from the SDK's MarketDataFeedV3.proto. */
export function encodeFeedResponse(message: Record<string, unknown>): Uint8Array {
  const { FeedResponse } = loadUpstoxFeedProto();
  const error = FeedResponse.verify(message);
  if (error) throw new Error(`Bad test frame: ${error}`);
  return FeedResponse.encode(FeedResponse.fromObject(message)).finish();
}

export interface LtpcValues {
  ltp: number;
  ltt: number;
  ltq: number;
  cp: number;
}

const LIVE_FEED = 1;
const MARKET_INFO = 2;
const FULL_D5 = 1;

export function ltpcFrame(feeds: Record<string, LtpcValues>, currentTs = 1_795_000_000_000): Uint8Array {
  const entries = Object.fromEntries(Object.entries(feeds).map(([key, ltpc]) => [key, { ltpc }]));
  return encodeFeedResponse({ type: LIVE_FEED, feeds: entries, currentTs });
}

export interface DepthLevel {
  bidQ: number;
  bidP: number;
  askQ: number;
  askP: number;
}

/** A full (d5) equity feed: ltpc, five depth levels, day OHLC and the usual extras. */
export function fullFrame(key: string, ltpc: LtpcValues, depth: DepthLevel[], vtt: number): Uint8Array {
  const marketFF = {
    ltpc,
    marketLevel: { bidAskQuote: depth },
    marketOHLC: {
      ohlc: [
        {
          interval: '1d',
          open: ltpc.cp,
          high: ltpc.ltp + 5,
          low: ltpc.cp - 5,
          close: ltpc.ltp,
          vol: vtt,
          ts: ltpc.ltt,
        },
        {
          interval: 'I1',
          open: ltpc.ltp,
          high: ltpc.ltp,
          low: ltpc.ltp,
          close: ltpc.ltp,
          vol: 10,
          ts: ltpc.ltt,
        },
      ],
    },
    atp: ltpc.ltp - 1.25,
    vtt,
    tbq: 120_000,
    tsq: 98_000,
  };
  return encodeFeedResponse({
    type: LIVE_FEED,
    feeds: { [key]: { fullFeed: { marketFF }, requestMode: FULL_D5 } },
    currentTs: ltpc.ltt + 15,
  });
}

export function indexFrame(key: string, ltpc: LtpcValues): Uint8Array {
  const indexFF = {
    ltpc,
    marketOHLC: {
      ohlc: [{ interval: '1d', open: ltpc.cp, high: ltpc.ltp, low: ltpc.cp, close: ltpc.ltp, ts: ltpc.ltt }],
    },
  };
  return encodeFeedResponse({
    type: LIVE_FEED,
    feeds: { [key]: { fullFeed: { indexFF }, requestMode: FULL_D5 } },
    currentTs: ltpc.ltt,
  });
}

/** The first message on every connection: segment statuses, no feeds. */
export function marketInfoFrame(currentTs = 1_795_000_000_000): Uint8Array {
  return encodeFeedResponse({
    type: MARKET_INFO,
    currentTs,
    marketInfo: { segmentStatus: { NSE_EQ: 2, BSE_EQ: 2, NSE_INDEX: 2, NSE_FO: 2 } },
  });
}
