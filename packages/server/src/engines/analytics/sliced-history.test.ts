import { runSliced } from '../../core/time-slices';
import { istMarch } from './analytics-fixture';
import { buildLedgerHistory, type LedgerHistoryInput, ledgerHistorySteps } from './ledger-history';
import type { AnalyticsFill } from './round-trips';

/** 3,000 fills over two years: enough for every step of the build to yield many times. */
function largeInput(): LedgerHistoryInput {
  let seed = 7;
  const next = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const fills: AnalyticsFill[] = [];
  const start = istMarch(2, 9) - 730 * 86_400_000;
  for (let i = 0; i < 1_500; i += 1) {
    const symbol = ['INFY', 'TCS', 'SBIN'][i % 3]!;
    const strategy = ['momentum', 'breakout'][i % 2]!;
    const entry = start + i * 11 * 3_600_000;
    const price = 100_000 + Math.round(next() * 20_000);
    const fill = (side: 'BUY' | 'SELL', pricePaise: number, ts: number) =>
      ({ symbol, strategy, side, quantity: 5, pricePaise, chargesPaise: 900, ts }) as AnalyticsFill;
    fills.push(
      fill('BUY', price, entry),
      fill('SELL', price + Math.round((next() - 0.5) * 4_000), entry + 30 * 3_600_000),
    );
  }
  fills.sort((a, b) => a.ts - b.ts);
  return {
    baseline: { ts: start, capitalPaise: 50_000_000 },
    flows: [{ ts: start + 100 * 86_400_000, amountPaise: 1_000_000 }],
    fills,
    now: istMarch(31, 15),
    isSession: (date) => ![0, 6].includes(new Date(date).getUTCDay()),
    closes: (symbol) => (symbol === 'INFY' ? new Map([['2025-06-02', 110_000]]) : undefined),
  };
}

describe('the ledger history built in slices', () => {
  it('equals the one built at once, to every bucket, trip and open lot', async () => {
    const input = largeInput();
    const direct = buildLedgerHistory(input);
    let reads = 0;
    // A clock that ends a slice at every yield: the most interleaved build there can be.
    const sliced = await runSliced(ledgerHistorySteps(input), { budgetMs: 1, clock: () => (reads += 1) });
    expect(direct.buckets.length).toBe(6);
    expect(direct.buckets.reduce((n, bucket) => n + bucket.trips.length, 0)).toBe(1_500);
    expect(sliced).toEqual(direct);
  });
});
