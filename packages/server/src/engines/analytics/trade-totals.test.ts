import { runToEnd } from '../../core/time-slices';
import type { RoundTrip } from './round-trips';
import { SuffixTotals } from './trade-totals';

const trip = (i: number): RoundTrip => ({
  symbol: 'TCS',
  strategy: 'momentum',
  quantity: 1,
  entryTs: i * 1_000,
  exitTs: i * 1_000 + 500 + (i % 7),
  entryPricePaise: 10_000,
  exitPricePaise: 10_000 + ((i * 37) % 201) - 100,
  entryChargesPaise: 3,
  exitChargesPaise: 3,
  pnlPaise: ((i * 37) % 201) - 100 - 6,
});

describe('suffix totals as steps', () => {
  it('equal the totals built at once, for every suffix, yielding a few times over 10,000 trips', () => {
    const trips = Array.from({ length: 10_000 }, (_, i) => trip(i));
    const direct = new SuffixTotals(trips);
    const steps = SuffixTotals.steps(trips);
    let yields = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) yields += 1;
    expect(yields).toBe(2); // at trips 8,191 and 4,095: one yield every 4,096
    for (const i of [0, 1, 4_095, 4_096, 9_999, 10_000]) expect(next.value.from(i)).toEqual(direct.from(i));
    expect(runToEnd(SuffixTotals.steps([])).from(0)).toEqual(new SuffixTotals([]).from(0));
  });
});
