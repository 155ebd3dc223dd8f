import type { Tick } from '../../market-types';
import { InstrumentKeyTable } from './instrument-key-table';
import { ProtoWireCursor } from './proto-wire-cursor';
import { type FeedWireFields, loadUpstoxFeedProto } from './upstox-feed-proto';

// Local copies of the wire types: an imported binding costs a getter call per use under CommonJS.
const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;
const MAP_KEY_TAG = (1 << 3) | WIRE_LENGTH_DELIMITED;
const MAP_VALUE_TAG = (2 << 3) | WIRE_LENGTH_DELIMITED;

export interface UpstoxFeedDecoderOptions {
  /** Our symbol for an Upstox instrument key; undefined drops the instrument. Default: the key itself. */
  symbolForKey?: (instrumentKey: string) => string | undefined;
  /** Stamps Tick.receivedTs, once per frame. */
  now?: () => number;
}

const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * Turns Upstox V3 FeedResponse frames into Ticks (prices in paise). It walks the protobuf bytes
 * itself, with field numbers taken from the SDK's MarketDataFeedV3.proto: protobufjs's generic
 * decode builds a message object per level, Long per int64 and a map per frame, which caps a
 * core at ~0.5M ltpc ticks/s (0.1M in full mode); this path allocates only the Tick.
 * Index feeds (indexFF) are scaled like prices: hundredths of a point.
 * ltpc frames carry no day volume, so their ticks report volume 0.
 */
export class UpstoxFeedDecoder {
  private readonly cursor = new ProtoWireCursor();
  private readonly wire: FeedWireFields;
  private readonly keys: InstrumentKeyTable;
  private readonly now: () => number;
  // The feed being read: scratch fields instead of a message object per feed.
  private hasLtpc = false;
  private ltp = 0;
  private ltt = 0;
  private ltq = 0;
  private cp = 0;
  private bid = 0;
  private ask = 0;
  private volume = 0;

  constructor(options: UpstoxFeedDecoderOptions = {}) {
    this.wire = loadUpstoxFeedProto().wire;
    this.keys = new InstrumentKeyTable(options.symbolForKey ?? ((key) => key));
    this.now = options.now ?? Date.now;
  }

  decode(frame: Uint8Array): Tick[] {
    const ticks: Tick[] = [];
    this.forEachTick(frame, (tick) => ticks.push(tick));
    return ticks;
  }

  /** Hands each tick of a frame to `sink` and returns how many there were. market_info frames have none. */
  forEachTick(frame: Uint8Array, sink: (tick: Tick) => void): number {
    const cursor = this.cursor;
    cursor.reset(frame);
    const feedsField = this.wire.response.feeds;
    const receivedTs = this.now();
    let count = 0;
    while (cursor.pos < frame.length) {
      const tag = cursor.varint();
      if (tag >>> 3 === feedsField && (tag & 7) === WIRE_LENGTH_DELIMITED) {
        const end = cursor.end();
        const tick = this.readFeedEntry(end, receivedTs);
        cursor.pos = end;
        if (tick) {
          sink(tick);
          count++;
        }
      } else cursor.skip(tag & 7);
    }
    return count;
  }

  /** One `map<string, Feed>` entry: key = 1, value = 2. */
  private readFeedEntry(end: number, receivedTs: number): Tick | null {
    const cursor = this.cursor;
    let symbol: string | null = null;
    let valueStart = -1;
    let valueEnd = -1;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      if (tag === MAP_KEY_TAG) {
        const keyEnd = cursor.end();
        symbol = this.keys.lookup(cursor.bytes, cursor.pos, keyEnd);
        cursor.pos = keyEnd;
      } else if (tag === MAP_VALUE_TAG) {
        valueEnd = cursor.end();
        valueStart = cursor.pos;
        cursor.pos = valueEnd;
      } else cursor.skip(tag & 7);
    }
    if (valueStart < 0 || symbol === null) return null;
    cursor.pos = valueStart;
    this.readFeed(valueEnd);
    if (!this.hasLtpc) return null;
    return {
      symbol,
      ltp: toPaise(this.ltp),
      ltq: this.ltq,
      volume: this.volume,
      previousClose: toPaise(this.cp),
      bid: this.bid > 0 ? toPaise(this.bid) : undefined,
      ask: this.ask > 0 ? toPaise(this.ask) : undefined,
      exchangeTs: this.ltt > 0 ? this.ltt : receivedTs,
      receivedTs,
      source: 'upstox',
    };
  }

  private readFeed(end: number): void {
    this.hasLtpc = false;
    this.ltp = this.ltt = this.ltq = this.cp = this.bid = this.ask = this.volume = 0;
    const { ltpc, fullFeed, firstLevelWithGreeks } = this.wire.feed;
    const cursor = this.cursor;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      const field = tag >>> 3;
      if ((tag & 7) !== WIRE_LENGTH_DELIMITED) cursor.skip(tag & 7);
      else if (field === ltpc) this.readLtpc(cursor.end());
      else if (field === fullFeed) this.readFullFeed(cursor.end());
      else if (field === firstLevelWithGreeks) this.readFirstLevel(cursor.end());
      else cursor.skip(WIRE_LENGTH_DELIMITED);
    }
  }

  private readFullFeed(end: number): void {
    const { marketFF, indexFF } = this.wire.fullFeed;
    const cursor = this.cursor;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      const field = tag >>> 3;
      if ((tag & 7) !== WIRE_LENGTH_DELIMITED) cursor.skip(tag & 7);
      else if (field === marketFF) this.readMarketFF(cursor.end());
      else if (field === indexFF) this.readIndexFF(cursor.end());
      else cursor.skip(WIRE_LENGTH_DELIMITED);
    }
  }

  private readMarketFF(end: number): void {
    const { ltpc, marketLevel, vtt } = this.wire.marketFF;
    const cursor = this.cursor;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      const field = tag >>> 3;
      const wireType = tag & 7;
      if (field === ltpc && wireType === WIRE_LENGTH_DELIMITED) this.readLtpc(cursor.end());
      else if (field === marketLevel && wireType === WIRE_LENGTH_DELIMITED)
        this.readMarketLevel(cursor.end());
      else if (field === vtt && wireType === WIRE_VARINT) this.volume = cursor.varint();
      else cursor.skip(wireType);
    }
  }

  private readIndexFF(end: number): void {
    const cursor = this.cursor;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      if (tag === ((this.wire.indexFF.ltpc << 3) | WIRE_LENGTH_DELIMITED)) this.readLtpc(cursor.end());
      else cursor.skip(tag & 7);
    }
  }

  private readFirstLevel(end: number): void {
    const { ltpc, firstDepth, vtt } = this.wire.firstLevel;
    const cursor = this.cursor;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      const field = tag >>> 3;
      const wireType = tag & 7;
      if (field === ltpc && wireType === WIRE_LENGTH_DELIMITED) this.readLtpc(cursor.end());
      else if (field === firstDepth && wireType === WIRE_LENGTH_DELIMITED) this.readQuote(cursor.end());
      else if (field === vtt && wireType === WIRE_VARINT) this.volume = cursor.varint();
      else cursor.skip(wireType);
    }
  }

  /** Only the best level matters to a Tick; deeper levels are skipped unread. */
  private readMarketLevel(end: number): void {
    const cursor = this.cursor;
    const quoteTag = (this.wire.marketLevel.bidAskQuote << 3) | WIRE_LENGTH_DELIMITED;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      if (tag === quoteTag) {
        this.readQuote(cursor.end());
        break;
      }
      cursor.skip(tag & 7);
    }
    cursor.pos = end;
  }

  private readQuote(end: number): void {
    const { bidP, askP } = this.wire.quote;
    const cursor = this.cursor;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      if (tag === ((bidP << 3) | WIRE_FIXED64)) this.bid = cursor.double();
      else if (tag === ((askP << 3) | WIRE_FIXED64)) this.ask = cursor.double();
      else cursor.skip(tag & 7);
    }
  }

  private readLtpc(end: number): void {
    const { ltp, ltt, ltq, cp } = this.wire.ltpc;
    const cursor = this.cursor;
    this.hasLtpc = true;
    while (cursor.pos < end) {
      const tag = cursor.varint();
      const field = tag >>> 3;
      const wireType = tag & 7;
      if (field === ltp && wireType === WIRE_FIXED64) this.ltp = cursor.double();
      else if (field === ltt && wireType === WIRE_VARINT) this.ltt = cursor.varint();
      else if (field === ltq && wireType === WIRE_VARINT) this.ltq = cursor.varint();
      else if (field === cp && wireType === WIRE_FIXED64) this.cp = cursor.double();
      else cursor.skip(wireType);
    }
  }
}

let defaultDecoder: UpstoxFeedDecoder | null = null;

/** Decodes one frame with instrument keys as symbols; the feed uses its own decoder with the resolver. */
export function decodeFeedResponse(frame: Uint8Array, options?: UpstoxFeedDecoderOptions): Tick[] {
  if (options) return new UpstoxFeedDecoder(options).decode(frame);
  defaultDecoder ??= new UpstoxFeedDecoder();
  return defaultDecoder.decode(frame);
}

/** For the benchmark harness: decodes every frame and returns the tick count. */
export function decodeFramesForBenchmark(frames: Uint8Array[]): number {
  defaultDecoder ??= new UpstoxFeedDecoder();
  let ticks = 0;
  const discard = () => {};
  for (const frame of frames) ticks += defaultDecoder.forEachTick(frame, discard);
  return ticks;
}
