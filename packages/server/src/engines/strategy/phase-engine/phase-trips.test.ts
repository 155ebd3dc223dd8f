import { runSliced, runToEnd, WorkStoppedError } from '../../../core/time-slices';
import { type AnalyticsFill, matchRoundTrips } from '../../analytics/round-trips';
import { type PhaseTripReads, PhaseTrips } from './phase-trips';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const MINUTE = 60_000;

/** A ledger of fills in memory, rowid = index + 1; `reads` records each range asked for. */
function ledger() {
  const rows: (AnalyticsFill & { account: string })[] = [];
  const reads: [number, number][] = [];
  const reads_: PhaseTripReads = {
    newestFill: () => rows.length,
    fillsBetween: (account, after, upTo, since) => {
      reads.push([after, upTo]);
      return rows
        .slice(after, upTo)
        .filter((row) => row.account === account && row.ts >= since)
        .sort((a, b) => a.ts - b.ts);
    },
  };
  let n = 0;
  /** A buy then a sell of `symbol` (1–3 shares), the sell `gain` rupees a share above the buy. */
  const trade = (symbol: string, gain: number, account = 'paper', at = T0 + n * MINUTE) => {
    n += 1;
    const quantity = (n % 3) + 1;
    const fill = { account, symbol, quantity, chargesPaise: 7, strategy: 'momentum' };
    rows.push({ ...fill, side: 'BUY', pricePaise: 10_000, ts: at });
    rows.push({ ...fill, side: 'SELL', pricePaise: 10_000 + gain * 100, ts: at + 1 });
  };
  const direct = (since = 0) => {
    // As the ledger's one read of them gave them: by time, then rowid (a stable sort).
    const fills = rows
      .filter((row) => row.account === 'paper' && row.ts >= since)
      .sort((a, b) => a.ts - b.ts);
    const { trips } = matchRoundTrips(fills);
    return { exitTs: trips.map((trip) => trip.exitTs), pnlPaise: trips.map((trip) => trip.pnlPaise) };
  };
  return { rows, reads, reads_, trade, direct };
}

describe('the phase engine’s running round trips', () => {
  it('equals every fill matched at once, first look and after more trades, reading only the new fills', () => {
    const { reads, reads_, trade, direct } = ledger();
    for (let i = 0; i < 20; i += 1) trade(i % 2 ? 'TCS' : 'INFY', (i % 5) - 2);
    trade('TCS', 4, 'live');
    const trips = new PhaseTrips(reads_, 8);
    expect(trips.figures('paper', 0)).toEqual(direct());
    expect(trips.warm('paper', 0)).toBe(true);
    reads.length = 0;
    trade('INFY', 3);
    trade('TCS', -1);
    expect(trips.figures('paper', 0)).toEqual(direct());
    expect(reads).toEqual([[42, 46]]); // one read of the four fills added, none of the older ones
    reads.length = 0;
    expect(trips.figures('paper', 0)).toEqual(direct()); // nothing new: nothing read
    expect(reads).toEqual([]);
  });

  it('matches from the start again for a fill stamped before one already matched, and for a new baseline', () => {
    const { reads_, trade, direct } = ledger();
    for (let i = 0; i < 6; i += 1) trade('TCS', i - 2);
    const trips = new PhaseTrips(reads_, 4);
    trips.figures('paper', 0);
    trade('TCS', 5, 'paper', T0 - MINUTE); // an import stamped before the first trade
    expect(trips.figures('paper', 0)).toEqual(direct());
    expect(trips.warm('paper', T0 + 3 * MINUTE)).toBe(false);
    expect(trips.figures('paper', T0 + 3 * MINUTE)).toEqual(direct(T0 + 3 * MINUTE));
  });

  it('gives the same figures sliced with a turn at every step, a page per step, and stops half way when asked', async () => {
    const { reads, reads_, trade, direct } = ledger();
    for (let i = 0; i < 30; i += 1) trade('SBIN', (i % 7) - 3);
    const steps = new PhaseTrips(reads_, 5).steps('paper', 0);
    let yields = 0;
    for (let next = steps.next(); !next.done; next = steps.next()) {
      yields += 1;
      expect(reads.length).toBeLessThanOrEqual(yields); // never more than one page read between two yields
    }
    const sliced = new PhaseTrips(reads_, 5);
    expect(await runSliced(sliced.steps('paper', 0), { budgetMs: 0 })).toEqual(direct());
    expect(runToEnd(sliced.steps('paper', 0))).toEqual(direct());

    const stopped = new PhaseTrips(reads_, 5);
    const stop = new AbortController();
    const run = runSliced(stopped.steps('paper', 0), { budgetMs: 0, signal: stop.signal });
    await new Promise((resolve) => setImmediate(resolve));
    stop.abort();
    await expect(run).rejects.toBeInstanceOf(WorkStoppedError);
    expect(stopped.warm('paper', 0)).toBe(false); // nothing half counted is kept
  });
});
