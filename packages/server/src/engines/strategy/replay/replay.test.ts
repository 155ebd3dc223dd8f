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
});
