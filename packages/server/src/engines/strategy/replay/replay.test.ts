import { defaultEnsemble, MeanReversionSource, type SignalSource } from '../../signals';
import { FakeVenue } from '../test-support/fake-venue';
import { NO_CHARGES } from '../test-support/no-charges';
import { seededSession } from '../test-support/seeded-sessions';
import { replayHistory } from './replay';

const TEN_LAKH = 10_00_000 * 100;

const sessions = [seededSession('2026-01-28', 7), seededSession('2026-01-27', 3)];

function replay(source: SignalSource = new MeanReversionSource()) {
  const venues: FakeVenue[] = [];
  const result = replayHistory({
    sessions,
    loop: { source, chargeRates: () => NO_CHARGES },
    venueFactory: (feed) => {
      const venue = new FakeVenue(TEN_LAKH, feed.now, feed.lastPrice);
      venues.push(venue);
      return venue;
    },
  });
  return { result, venue: venues[0]! };
}

describe('replayHistory', () => {
  it('trades minute by minute, oldest session first, every order marked simulatedReplay', () => {
    const { result } = replay();
    expect(result.errors).toEqual([]);
    expect(result.sessions.map((s) => [s.date, s.minutes])).toEqual([
      ['2026-01-27', 375],
      ['2026-01-28', 375],
    ]);
    expect(result.orders.length).toBeGreaterThan(0);
    expect(result.orders.every((order) => order.simulatedReplay === true)).toBe(true);
    expect(new Set(result.orders.map((o) => o.strategy))).toContain('mean_reversion');
  });

  it('fills at the replayed bar close of the minute it decided in', () => {
    const { result } = replay();
    for (const order of result.orders.filter((o) => o.status === 'FILLED')) {
      const bars = [...sessions].flatMap((s) => s.barsBySymbol.get(order.symbol)!);
      const bar = bars.find((b) => b.openTime === order.createdAt - 59_999)!;
      expect(order.averagePrice).toBe(bar.close);
    }
  });

  it('ends each session flat: everything still held is sold from 15:20 IST', () => {
    const { result, venue } = replay(defaultEnsemble());
    expect(venue.positions()).toEqual([]);
    const lateExits = result.orders.filter((o) => o.strategy === 'exit:session_end');
    expect(lateExits.length).toBeGreaterThan(0);
    // 09:50 UTC is 15:20 IST: the first minute of the session-end rule.
    for (const exit of lateExits) expect(new Date(exit.createdAt).toISOString().slice(11, 16)).toBe('09:50');
  });

  it('shows the signals only bars up to the decision minute, at most 60 per symbol', () => {
    let lookAhead = 0;
    let longest = 0;
    const spy: SignalSource = {
      name: 'spy',
      rank(universe, now) {
        for (const { bars } of universe) {
          longest = Math.max(longest, bars.length);
          if (bars[bars.length - 1]!.openTime > now) lookAhead += 1;
        }
        return [];
      },
    };
    replay(spy);
    expect(lookAhead).toBe(0);
    expect(longest).toBe(60);
  });

  it('is deterministic: the same sessions give the same orders', () => {
    expect(JSON.stringify(replay().result)).toBe(JSON.stringify(replay().result));
  });

  it('replays a feed with missing minutes: a symbol without a bar keeps its last close and its window', () => {
    const full = seededSession('2026-01-27', 3);
    const [first, second] = [...full.barsBySymbol.keys()];
    const open = Date.parse('2026-01-27T09:15:00+05:30');
    const gaps = new Set([0, 1, 40, 41, 42, 200].map((minute) => open + minute * 60_000));
    // The first symbol misses the opening two minutes and a few later; the second has every minute.
    const barsBySymbol = new Map(full.barsBySymbol);
    barsBySymbol.set(
      first!,
      full.barsBySymbol.get(first!)!.filter((bar) => !gaps.has(bar.openTime)),
    );
    const seen: { minute: number; lastOpen: number | undefined; price: number | undefined; close: number }[] =
      [];
    let lastPrice: (symbol: string) => number | undefined = () => undefined;
    const spy: SignalSource = {
      name: 'spy',
      rank(universe, now) {
        const bars = universe.find((entry) => entry.symbol === first)?.bars;
        const last = bars?.at(-1);
        seen.push({
          minute: (now + 1 - 60_000 - open) / 60_000,
          lastOpen: last && (last.openTime - open) / 60_000,
          price: lastPrice(first!),
          close: last?.close ?? Number.NaN,
        });
        return [];
      },
    };
    const result = replayHistory({
      sessions: [{ date: '2026-01-27', barsBySymbol }],
      loop: { source: spy, chargeRates: () => NO_CHARGES },
      venueFactory: (feed) => {
        lastPrice = feed.lastPrice;
        return new FakeVenue(TEN_LAKH, feed.now, feed.lastPrice);
      },
    });
    expect(result.errors).toEqual([]);
    // The second symbol's bars keep every minute of the session on the timeline.
    expect(result.sessions[0]!.minutes).toBe(375);
    expect(barsBySymbol.get(second!)).toHaveLength(375);
    const at = (minute: number) => seen.find((entry) => entry.minute === minute);
    // Not ranked before its first bar, and no price for it.
    expect(at(0)).toMatchObject({ lastOpen: undefined, price: undefined });
    expect(at(1)).toMatchObject({ lastOpen: undefined, price: undefined });
    expect(at(2)).toMatchObject({ lastOpen: 2 });
    // In a gap, the window ends at the last bar it had, and the price is that bar's close.
    for (const minute of [40, 41, 42]) expect(at(minute)).toMatchObject({ lastOpen: 39 });
    expect(at(200)).toMatchObject({ lastOpen: 199 });
    for (const entry of seen.filter((e) => e.lastOpen !== undefined)) expect(entry.price).toBe(entry.close);
  });
});
