import { DEFAULT_PAPER_LIMITS } from '../core/orders';
import type { LoopClock } from '../core/ports/trading-venue';
import { paperVenue } from '../engines/broker/paper-venue';
import { TradingLoop } from '../engines/strategy';
import { fixedSource } from '../engines/strategy/test-support/fixed-source';
import { SqlOrderAuditRepository } from '../storage/sql/order-audit-repository';
import { buildTestApp, TEST_EPOCH, type TestApp } from '../test-support';

/** The paper loop over the real ledger: each of its orders lands in the audit trail with its signal. */
let testApp: TestApp;
beforeEach(async () => {
  testApp = await buildTestApp();
});
afterEach(() => testApp.close());

const OPEN: LoopClock = { sessionAt: () => ({ isOpen: true, date: '2026-01-05', simulated: false }) };
const DECIDED_AT = TEST_EPOCH + 5_000;

const loop = () =>
  new TradingLoop({
    venue: paperVenue(testApp.services.trading),
    clock: OPEN,
    universe: () => [],
    source: fixedSource('momentum', { INFY: ['BUY', 0.9, 0.9] }),
    chargeRates: () => DEFAULT_PAPER_LIMITS,
    allocation: () => ({ strategy: 'moderate' }),
    now: () => DECIDED_AT,
  });
const trail = () => new SqlOrderAuditRepository(testApp.services.db).between(0, Number.MAX_SAFE_INTEGER);

describe('the trading loop in the audit trail', () => {
  it('records the loop’s order with its strategy, signal and reasons, once even when the decision repeats', () => {
    const [placed] = loop().runOnce(DECIDED_AT).orders;
    loop().runOnce(DECIDED_AT + 20_000); // a new leader repeating the decision in the same bar
    expect(trail()).toEqual([
      expect.objectContaining({
        orderId: placed!.id,
        origin: 'loop',
        decidedBy: 'origin',
        actor: 'momentum',
        signal: 'BUY signal, score 0.90, confidence 0.90',
        reasons: expect.any(String),
        symbol: 'INFY',
        side: 'BUY',
        outcome: 'FILLED',
        pricePaise: placed!.averagePrice,
      }),
    ]);
  });

  it('records the halt refusing the loop’s order as the Emergency Stop’s decision', () => {
    testApp.services.safety.emergencyStop('Feed looks wrong', false, 'trader@example.com');
    const [refused] = loop().runOnce(DECIDED_AT).orders;
    expect(refused!.status).toBe('REJECTED');
    expect(trail()).toEqual([
      expect.objectContaining({
        orderId: refused!.id,
        origin: 'loop',
        decidedBy: 'halt',
        outcome: 'REJECTED',
      }),
    ]);
  });
});
