import { createRequire } from 'node:module';
import path from 'node:path';
import protobuf from 'protobufjs';

const PACKAGE = 'com.upstox.marketdatafeederv3udapi.rpc.proto';

/** Protobuf field numbers the fast decoder walks, read from the .proto so it stays the one source. */
export interface FeedWireFields {
  response: { feeds: number; currentTs: number };
  feed: { ltpc: number; fullFeed: number; firstLevelWithGreeks: number };
  fullFeed: { marketFF: number; indexFF: number };
  marketFF: { ltpc: number; marketLevel: number; vtt: number };
  indexFF: { ltpc: number };
  firstLevel: { ltpc: number; firstDepth: number; vtt: number };
  marketLevel: { bidAskQuote: number };
  quote: { bidP: number; askP: number };
  ltpc: { ltp: number; ltt: number; ltq: number; cp: number };
}

export interface UpstoxFeedProto {
  root: protobuf.Root;
  FeedResponse: protobuf.Type;
  wire: FeedWireFields;
}

let cached: UpstoxFeedProto | null = null;

/** Where the official SDK ships the feed's schema (architecture: load it, never retype it). */
export function upstoxFeedProtoPath(): string {
  const require = createRequire(import.meta.url);
  const sdkDir = path.dirname(require.resolve('upstox-js-sdk/package.json'));
  return path.join(sdkDir, 'dist', 'feeder', 'proto', 'MarketDataFeedV3.proto');
}

/**
 * Loads MarketDataFeedV3.proto once per process, synchronously. Its import of
 * google/protobuf/wrappers.proto resolves to protobufjs's bundled copy, so no file is needed for it.
 */
export function loadUpstoxFeedProto(): UpstoxFeedProto {
  if (cached) return cached;
  const root = protobuf.loadSync(upstoxFeedProtoPath());
  const type = (name: string) => root.lookupType(`${PACKAGE}.${name}`);
  const FeedResponse = type('FeedResponse');
  const wire: FeedWireFields = {
    response: { feeds: id(FeedResponse, 'feeds', 'Feed'), currentTs: id(FeedResponse, 'currentTs', 'int64') },
    feed: {
      ltpc: id(type('Feed'), 'ltpc', 'LTPC'),
      fullFeed: id(type('Feed'), 'fullFeed', 'FullFeed'),
      firstLevelWithGreeks: id(type('Feed'), 'firstLevelWithGreeks', 'FirstLevelWithGreeks'),
    },
    fullFeed: {
      marketFF: id(type('FullFeed'), 'marketFF', 'MarketFullFeed'),
      indexFF: id(type('FullFeed'), 'indexFF', 'IndexFullFeed'),
    },
    marketFF: {
      ltpc: id(type('MarketFullFeed'), 'ltpc', 'LTPC'),
      marketLevel: id(type('MarketFullFeed'), 'marketLevel', 'MarketLevel'),
      vtt: id(type('MarketFullFeed'), 'vtt', 'int64'),
    },
    indexFF: { ltpc: id(type('IndexFullFeed'), 'ltpc', 'LTPC') },
    firstLevel: {
      ltpc: id(type('FirstLevelWithGreeks'), 'ltpc', 'LTPC'),
      firstDepth: id(type('FirstLevelWithGreeks'), 'firstDepth', 'Quote'),
      vtt: id(type('FirstLevelWithGreeks'), 'vtt', 'int64'),
    },
    marketLevel: { bidAskQuote: id(type('MarketLevel'), 'bidAskQuote', 'Quote') },
    quote: { bidP: id(type('Quote'), 'bidP', 'double'), askP: id(type('Quote'), 'askP', 'double') },
    ltpc: {
      ltp: id(type('LTPC'), 'ltp', 'double'),
      ltt: id(type('LTPC'), 'ltt', 'int64'),
      ltq: id(type('LTPC'), 'ltq', 'int64'),
      cp: id(type('LTPC'), 'cp', 'double'),
    },
  };
  cached = { root, FeedResponse, wire };
  return cached;
}

/** A field's number, after checking its type is what the decoder reads (fails loudly if Upstox changes the schema). */
function id(type: protobuf.Type, name: string, expectedType: string): number {
  const field = type.fields[name];
  if (!field || field.type !== expectedType) {
    throw new Error(
      `MarketDataFeedV3.proto changed: ${type.name}.${name} is ${field?.type ?? 'missing'}, expected ${expectedType}. ` +
        'Update the Upstox feed decoder.',
    );
  }
  return field.id;
}
