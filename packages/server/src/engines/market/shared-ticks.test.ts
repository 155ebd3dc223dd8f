import type { Tick } from '../../core/market-tick';
import type { ClusterBus, ClusterEvent } from '../../core/ports/cluster-bus';
import { ClusterHandlers } from '../../storage/memory/cluster-handlers';
import { LocalClusterBus } from '../../storage/memory/local-cluster-bus';
import { shareFeedTicks } from './shared-ticks';

const tick = (symbol: string, ltp: number): Tick => ({
  ...{ symbol, ltp, ltq: 1, volume: 10, previousClose: ltp },
  ...{ exchangeTs: 1, receivedTs: 1, source: 'simulator' },
});
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A bus two instances share in this process: what one publishes, both hear, stamped with the sender. */
function sharedBus() {
  const handlers = new ClusterHandlers(() => {});
  const published: ClusterEvent[] = [];
  const on = (instanceId: string): ClusterBus => ({
    instanceId,
    spansInstances: true,
    async publish(event) {
      published.push(event);
      handlers.deliver(event, instanceId);
    },
    subscribe: (type, handler) => handlers.add(type, handler),
    onReconnect: () => () => {},
    ready: async () => {},
    close: async () => {},
  });
  return { on, published };
}

function fakeMarket() {
  const feedListeners: ((tick: Tick) => void)[] = [];
  const received: Tick[] = [];
  return {
    received,
    onFeedTick: (listener: (tick: Tick) => void) => void feedListeners.push(listener),
    receive: (t: Tick) => void received.push(t),
    /** This instance's own feed delivers `t`: the market has it already, the listeners are told. */
    feed: (t: Tick) => {
      for (const listener of feedListeners) listener(t);
    },
  };
}

describe('shareFeedTicks', () => {
  it("hands a follower the leader's feed ticks, a burst as one event, and not back to the leader", async () => {
    const bus = sharedBus();
    const [leader, follower] = [fakeMarket(), fakeMarket()];
    shareFeedTicks(bus.on('a'), leader, () => true);
    shareFeedTicks(bus.on('b'), follower, () => false);
    leader.feed(tick('RELIANCE', 250_000));
    leader.feed(tick('TCS', 400_000));
    await nextTurn();
    expect(bus.published).toEqual([
      { type: 'market-ticks', ticks: [tick('RELIANCE', 250_000), tick('TCS', 400_000)] },
    ]);
    expect(follower.received.map((t) => t.symbol)).toEqual(['RELIANCE', 'TCS']);
    expect(leader.received).toEqual([]);
  });

  it('leaves a leader to its own feed, even when a former leader still sends', async () => {
    const bus = sharedBus();
    const [former, leader] = [fakeMarket(), fakeMarket()];
    shareFeedTicks(bus.on('a'), former, () => false);
    shareFeedTicks(bus.on('b'), leader, () => true);
    former.feed(tick('RELIANCE', 250_000));
    await nextTurn();
    expect(leader.received).toEqual([]);
  });

  it('sends nothing after detach, and nothing at all on one instance', async () => {
    const bus = sharedBus();
    const market = fakeMarket();
    shareFeedTicks(bus.on('a'), market, () => true).detach();
    market.feed(tick('RELIANCE', 250_000));
    const alone = fakeMarket();
    const local = new LocalClusterBus('solo');
    const publish = jest.spyOn(local, 'publish');
    shareFeedTicks(local, alone, () => true);
    alone.feed(tick('RELIANCE', 250_000));
    await nextTurn();
    expect(bus.published).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
  });
});
