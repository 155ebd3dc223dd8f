import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import { LedgerError } from './ledger-error';
import { createLedgerFixture } from './test-support/ledger-fixture';

describe('the ledger, storing paper limits', () => {
  it.each([
    ['stt_rate', 6e-323],
    ['transaction_charges', 1e-300],
    ['max_portfolio_exposure', 5e-324],
    ['brokerage_per_trade', 1e-30],
  ] as const)(
    'refuses a %s of %p that the charges maths cannot read, and keeps the limits it had',
    (field, value) => {
      const { ledger } = createLedgerFixture();
      ledger.openAccount('paper', 1_000_000_00);
      expect(() => ledger.setLimits('paper', { ...DEFAULT_PAPER_LIMITS, [field]: value })).toThrow(
        new LedgerError(`The limit ${field} is not valid: it must be a decimal of at most 20 places.`),
      );
      expect(ledger.limits('paper')).toEqual(DEFAULT_PAPER_LIMITS);
    },
  );
});
