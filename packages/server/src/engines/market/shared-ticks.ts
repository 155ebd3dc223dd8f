import type { Tick } from '../../core/market-tick';
import type { ClusterBus } from '../../core/ports/cluster-bus';
import { batchPerTurn } from '../stream/cluster-stream';

export interface SharedTicks {
  /** Stops listening to the bus and drops ticks not yet sent. */
  detach(): void;
}

/**
 * Only the leader connects the feed (decision 0033), yet every instance answers quotes, candles,
 * indices and valuations from its own market. So the ticks the leader's feed delivers go on the bus,
 * batched per turn of the event loop, and a follower's market receives them exactly as its own feed's
 * would be. The publisher skips its own event (it has the ticks already), and so does a leader
 * (its feed is the truth, not what a former leader still sent).
 */
export function shareFeedTicks(
  bus: ClusterBus,
  market: { onFeedTick(listener: (tick: Tick) => void): void; receive(tick: Tick): void },
  leading: () => boolean,
  onError: (error: unknown) => void = () => {},
): SharedTicks {
  if (!bus.spansInstances) return { detach: () => {} };
  let attached = true;
  const batch = batchPerTurn<Tick>((ticks) => {
    bus.publish({ type: 'market-ticks', ticks }).catch(onError);
  });
  // The market outlives the bus at shutdown: a tick after detach has nowhere to go.
  market.onFeedTick((tick) => {
    if (attached) batch.add(tick);
  });
  const unsubscribe = bus.subscribe('market-ticks', (event, from) => {
    if (from === bus.instanceId || leading()) return;
    for (const tick of event.ticks) market.receive(tick);
  });
  return {
    detach() {
      attached = false;
      unsubscribe();
      batch.drop();
    },
  };
}
