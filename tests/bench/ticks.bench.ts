import type { Tick } from '../../packages/server/src/engines/market/market-types';
import { CandleAggregator } from '../../packages/server/src/engines/market/pipeline/candle-aggregator';
import {
  fullFrame,
  ltpcFrame,
} from '../../packages/server/src/engines/market/providers/upstox/test-support/upstox-frames';
import { UpstoxFeedDecoder } from '../../packages/server/src/engines/market/providers/upstox/upstox-feed-decoder';
import { loadUpstoxFeedProto } from '../../packages/server/src/engines/market/providers/upstox/upstox-feed-proto';
import { metric } from './metric';

const SYMBOLS = 50;
const FRAMES = 20_000;
const ROUNDS = 5;

/** Real V3 frames (encoded from the SDK's .proto): a mix of 1- and 10-instrument ltpc and full frames. */
function buildFrames(): Uint8Array[] {
  const frames: Uint8Array[] = [];
  const start = 1_795_000_000_000;
  for (let i = 0; i < FRAMES; i++) {
    const ts = start + i * 20;
    const price = (k: number) => 1000 + ((i * 7 + k * 13) % 400) * 0.05;
    if (i % 4 === 0) {
      const key = `NSE_EQ|INE${String(i % SYMBOLS).padStart(9, '0')}`;
      frames.push(
        fullFrame(
          key,
          { ltp: price(1), ltt: ts, ltq: 10, cp: 1000 },
          [{ bidQ: 10, bidP: price(1) - 0.05, askQ: 12, askP: price(1) + 0.05 }],
          1000 + i,
        ),
      );
    } else {
      const feeds: Record<string, { ltp: number; ltt: number; ltq: number; cp: number }> = {};
      const width = i % 2 === 0 ? 10 : 1;
      for (let k = 0; k < width; k++)
        feeds[`NSE_EQ|INE${String((i + k) % SYMBOLS).padStart(9, '0')}`] = {
          ltp: price(k),
          ltt: ts,
          ltq: 5 + k,
          cp: 1000,
        };
      frames.push(ltpcFrame(feeds, ts));
    }
  }
  return frames;
}

function best(label: string, work: () => number): { ticks: number; seconds: number } {
  let bestRate = 0;
  let result = { ticks: 0, seconds: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = process.hrtime.bigint();
    const ticks = work();
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (ticks / seconds > bestRate) {
      bestRate = ticks / seconds;
      result = { ticks, seconds };
    }
  }
  void label;
  return result;
}

export async function run() {
  const frames = buildFrames();
  const decoder = new UpstoxFeedDecoder({ now: () => 0 });
  const seconds = new CandleAggregator('1s', () => undefined);
  const minutes = new CandleAggregator('1m', () => undefined);
  const sink = (tick: Tick) => {
    seconds.add(tick);
    minutes.add(tick);
  };
  const ours = best('decode+aggregate', () => {
    let ticks = 0;
    for (const frame of frames) ticks += decoder.forEachTick(frame, sink);
    return ticks;
  });

  // The peer: protobufjs's generic decode of the same frames (what the SDK does), same aggregation.
  const { FeedResponse } = loadUpstoxFeedProto();
  const peer = best('protobufjs', () => {
    let ticks = 0;
    for (const frame of frames) {
      const message = FeedResponse.toObject(FeedResponse.decode(frame), { longs: Number }) as {
        feeds?: Record<
          string,
          {
            ltpc?: { ltp: number; ltt: number; ltq: number; cp: number };
            fullFeed?: { marketFF?: { ltpc?: { ltp: number; ltt: number; ltq: number; cp: number } } };
          }
        >;
      };
      for (const [key, feed] of Object.entries(message.feeds ?? {})) {
        const ltpc = feed.ltpc ?? feed.fullFeed?.marketFF?.ltpc;
        if (!ltpc) continue;
        sink({
          symbol: key,
          ltp: Math.round(ltpc.ltp * 100),
          ltq: ltpc.ltq,
          volume: 0,
          previousClose: Math.round(ltpc.cp * 100),
          exchangeTs: ltpc.ltt,
          receivedTs: 0,
          source: 'upstox',
        });
        ticks++;
      }
    }
    return ticks;
  });

  const rate = ours.ticks / ours.seconds;
  const peerRate = peer.ticks / peer.seconds;
  metric('frames', frames.length, 'frames', 0);
  metric('ticks_per_round', ours.ticks, 'ticks', 0);
  metric('decode_aggregate_rate', rate, 'ticks/s', 0);
  metric('protobufjs_decode_aggregate_rate', peerRate, 'ticks/s', 0);
  metric('ratio_vs_protobufjs', rate / peerRate, 'x', 2);
  metric('goal_1m_ticks_per_s_met', rate >= 1_000_000 ? 1 : 0, 'bool', 0);
}
