import { type HaltState, TRADING_NOT_HALTED } from '@td/contracts';

/** GET /api/risk/halt while trading runs (no halt, nothing cancelled); overrides make the halted states. */
export function haltStateFixture(overrides: Partial<HaltState> = {}): HaltState {
  return { ...TRADING_NOT_HALTED, ...overrides };
}

/** The trader's Emergency Stop at 09:30 IST on 5 January 2026, "Feed looks wrong"; overrides set the counts. */
export function manualHaltFixture(overrides: Partial<HaltState> = {}): HaltState {
  return haltStateFixture({
    halted: true,
    reason: 'Feed looks wrong',
    source: 'manual',
    by: 'trader@example.com',
    at: '2026-01-05T04:00:00.000Z',
    ...overrides,
  });
}
