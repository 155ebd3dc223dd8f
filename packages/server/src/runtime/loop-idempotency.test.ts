import { DEFAULT_PAPER_LIMITS } from '../core/orders';
import type { LoopClock, TradingVenue } from '../core/ports/trading-venue';
import { paperVenue } from '../engines/broker/paper-venue';
import { TradingLoop } from '../engines/strategy';
import { fixedSource } from '../engines/strategy/test-support/fixed-source';
import { buildTestApp, TEST_EPOCH, type TestApp } from '../test-support';

/** The paper loop over the real ledger, as two instances run it one after the other around a failover. */
let testApp: TestApp;
beforeEach(async () => {
  testApp = await buildTestApp();
});
afterEach(() => testApp.close());

const OPEN: LoopClock = { sessionAt: () => ({ isOpen: true, date: '2026-01-05', simulated: false }) };
const DECIDED_AT = TEST_EPOCH + 5_000; // 04:00:05 UTC, in the 04:00 minute bar

function loopOver(venue: TradingVenue) {
  return new TradingLoop({
    venue,
    clock: OPEN,
    universe: () => [],
    source: fixedSource('momentum', { INFY: ['BUY', 0.9, 0.9] }),
    chargeRates: () => DEFAULT_PAPER_LIMITS,
    allocation: () => ({ strategy: 'moderate' }),
    now: () => DECIDED_AT,
  });
}

/**
 * The venue as a new leader that has not yet seen the first leader's order sees it: the account as
 * it stood before (no INFY held, the cash unspent). Without the key it would buy INFY again.
 */
function viewFromBefore(venue: TradingVenue): TradingVenue {
  const positions = venue.positions();
  const cash = venue.cashPaise();
  const equity = venue.equityPaise();
  return { ...venue, positions: () => positions, cashPaise: () => cash, equityPaise: () => equity };
}

describe('the trading loop across a failover', () => {
  it('places one order when a new leader repeats the same decision in the same bar', () => {
    const { ledger, trading } = testApp.services;
    const venue = paperVenue(trading);
    const newLeaderView = viewFromBefore(venue);
    const cashBefore = ledger.cashPaise('paper');

    const first = loopOver(venue).runOnce(DECIDED_AT);
    expect(first.orders.map((o) => [o.side, o.symbol, o.status])).toEqual([['BUY', 'INFY', 'FILLED']]);
    const [placed] = first.orders;
    expect(placed!.idempotencyKey).toBe('loop:momentum:BUY:INFY:2026-01-05T04:00:00.000Z');
    const spent = cashBefore - ledger.cashPaise('paper');

    // The new leader runs 20 s later, still in the 04:00 bar, on its own fresh loop.
    const repeat = loopOver(newLeaderView).runOnce(DECIDED_AT + 20_000);
    expect(repeat.orders.map((o) => o.id)).toEqual([placed!.id]);
    expect(ledger.orders({ account: 'paper', limit: 10, offset: 0 }).total).toBe(1);
    expect(ledger.fills()).toHaveLength(1);
    expect(cashBefore - ledger.cashPaise('paper')).toBe(spent);
  });

  it('treats the next bar as a new decision: the key covers one bar, not the day', () => {
    const { ledger, trading } = testApp.services;
    const venue = paperVenue(trading);
    const newLeaderView = viewFromBefore(venue);
    loopOver(venue).runOnce(DECIDED_AT);
    const next = loopOver(newLeaderView).runOnce(DECIDED_AT + 60_000);
    expect(next.orders[0]!.idempotencyKey).toBe('loop:momentum:BUY:INFY:2026-01-05T04:01:00.000Z');
    expect(ledger.orders({ account: 'paper', limit: 10, offset: 0 }).total).toBe(2);
  });
});
