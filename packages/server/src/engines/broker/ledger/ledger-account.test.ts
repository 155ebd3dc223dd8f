import { DEFAULT_PAPER_LIMITS, PAPER_STARTING_BALANCE_PAISE } from '../../../core/orders';
import { LedgerError } from './ledger-error';
import { createLedgerFixture, type LedgerFixture, marketOrder, trade } from './test-support/ledger-fixture';
import { brokenInvariants } from './test-support/ledger-invariants';

let fx: LedgerFixture;
beforeEach(() => {
  fx = createLedgerFixture();
});
afterEach(() => fx.db.close());

const entries = () =>
  fx.db
    .prepare("SELECT kind, amount_paise, note FROM ledger_entries WHERE account = 'paper' ORDER BY id")
    .all();

describe('opening an account', () => {
  it('opens once with an opening balance entry; opening again changes nothing', () => {
    fx.ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
    fx.ledger.openAccount('paper', 5);
    expect(fx.ledger.cashPaise('paper')).toBe(100_000_000);
    expect(entries()).toEqual([
      { kind: 'opening_balance', amount_paise: 100_000_000, note: 'Opening balance' },
    ]);
    expect(fx.ledger.isOpen('live')).toBe(false);
    expect(() => fx.ledger.cashPaise('live')).toThrow('The live account is not open.');
  });
});

describe('editing the balance', () => {
  beforeEach(() => fx.ledger.openAccount('paper', 1_000_000));

  it('writes the difference as one adjustment, in either direction', () => {
    expect(fx.ledger.setBalance('paper', 1_500_000, 'Top-up')).toBe(1_500_000);
    expect(fx.ledger.setBalance('paper', 200_000)).toBe(200_000);
    expect(entries().slice(1)).toEqual([
      { kind: 'balance_adjustment', amount_paise: 500_000, note: 'Top-up' },
      { kind: 'balance_adjustment', amount_paise: -1_300_000, note: 'Balance edited' },
    ]);
    expect(fx.ledger.entriesSum('paper')).toBe(200_000);
  });

  it("moves today's opening equity with the money put in or taken out, so day change stays the trading result", () => {
    const today = new Date(fx.clock.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const dayChange = () => fx.ledger.portfolioSummary('paper', () => undefined).dayChangePaise;
    fx.ledger.recordOpeningEquity('paper', today, 1_000_000);
    fx.ledger.recordOpeningEquity('paper', '2020-01-01', 1_000_000);
    fx.ledger.setBalance('paper', 250_000, 'Withdrawal');
    expect(fx.ledger.openingEquity('paper', today)).toBe(250_000);
    expect(dayChange()).toBe(0);
    fx.ledger.setBalance('paper', 900_000, 'Top-up');
    expect(dayChange()).toBe(0);
    // Another day's opening is history and stays as recorded.
    expect(fx.ledger.openingEquity('paper', '2020-01-01')).toBe(1_000_000);
  });

  it('refuses a negative or fractional balance with the screen’s sentence', () => {
    for (const bad of [-1, 10.5, Number.NaN]) {
      expect(() => fx.ledger.setBalance('paper', bad)).toThrow(
        new LedgerError('Please enter a valid positive balance amount.'),
      );
    }
    expect(fx.ledger.cashPaise('paper')).toBe(1_000_000);
  });
});

describe('resetting the paper account', () => {
  it('cancels pending orders, drops positions at no price and makes cash exactly the balance', () => {
    fx.ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
    trade(fx, 'BUY', 'INFY', 10, 150_000, 2_000);
    trade(fx, 'BUY', 'TCS', 5, 400_000);
    trade(fx, 'SELL', 'TCS', 5, 410_000);
    const pending = fx.ledger.placeOrder(marketOrder('BUY', 'SBIN', 1));
    fx.ledger.recordOpeningEquity('paper', '2026-01-05', 99_000_000);

    const result = fx.ledger.reset('paper', PAPER_STARTING_BALANCE_PAISE);

    expect(result.cancelledOrderIds).toEqual([pending.id]);
    expect(result.removedPositions.map((position) => position.symbol)).toEqual(['INFY']);
    expect(fx.ledger.order(pending.id)).toMatchObject({ status: 'CANCELLED', rejectReason: 'Account reset' });
    expect(fx.ledger.positions('paper')).toEqual([]);
    expect(fx.ledger.position('paper', 'TCS')).toBeUndefined();
    expect(fx.ledger.realisedPnlPaise('paper')).toBe(0);
    expect(fx.ledger.cashPaise('paper')).toBe(PAPER_STARTING_BALANCE_PAISE);
    expect(fx.ledger.entriesSum('paper')).toBe(PAPER_STARTING_BALANCE_PAISE);
    expect(entries().at(-1)).toEqual({
      kind: 'reset',
      amount_paise: PAPER_STARTING_BALANCE_PAISE - (100_000_000 - 1_502_000 + 50_000),
      note: 'Account reset to ₹10,00,000.00',
    });
    expect(fx.ledger.openingEquity('paper', '2026-01-05')).toBeUndefined();
    // history stays: three filled orders, their fills, and the cancelled one
    expect(fx.ledger.orders({ account: 'paper', limit: 10, offset: 0 }).total).toBe(4);
    expect(fx.ledger.fills()).toHaveLength(3);
    expect(brokenInvariants(fx.db, fx.ledger, 'paper')).toEqual([]);
  });

  it('refuses to reset the live account', () => {
    fx.ledger.openAccount('live', 0);
    expect(() => fx.ledger.reset('live', 1)).toThrow('Only the paper account can be reset.');
  });
});

describe('limits and opening equity', () => {
  beforeEach(() => fx.ledger.openAccount('paper', 1_000_000));

  it('starts with the spec’s default limits and keeps an edit', () => {
    expect(fx.ledger.limits('paper')).toEqual(DEFAULT_PAPER_LIMITS);
    const edited = { ...DEFAULT_PAPER_LIMITS, max_positions_count: 3, stt_rate: 0.002 };
    expect(fx.ledger.setLimits('paper', edited)).toEqual(edited);
    expect(fx.ledger.limits('paper')).toEqual(edited);
    expect(() => fx.ledger.setLimits('paper', { ...edited, max_portfolio_exposure: 1.5 })).toThrow(
      /^The limit max_portfolio_exposure is not valid/,
    );
  });

  it('keeps the first opening equity of a day', () => {
    expect(fx.ledger.openingEquity('paper', '2026-01-05')).toBeUndefined();
    expect(fx.ledger.recordOpeningEquity('paper', '2026-01-05', 1_000_000)).toBe(1_000_000);
    expect(fx.ledger.recordOpeningEquity('paper', '2026-01-05', 7)).toBe(1_000_000);
    fx.ledger.recordOpeningEquity('paper', '2026-01-07', 1_100_000);
    expect(fx.ledger.openingEquityOnOrAfter('paper', '2026-01-06')).toEqual({
      date: '2026-01-07',
      equityPaise: 1_100_000,
    });
    expect(() => fx.ledger.recordOpeningEquity('paper', '2026-02-30', 1)).toThrow(
      '2026-02-30 is not a date in the form YYYY-MM-DD.',
    );
  });
});

describe('the schema', () => {
  it('refuses money and quantities that cannot exist, even from outside the ledger', () => {
    fx.ledger.openAccount('paper', 1_000);
    const insertPosition = fx.db.prepare(
      "INSERT INTO positions (account, symbol, quantity, cost_paise, opened_at, updated_at) VALUES ('paper', ?, ?, ?, 0, 0)",
    );
    expect(() => insertPosition.run('A', 1, -1)).toThrow(/CHECK constraint/);
    expect(() => insertPosition.run('B', -1, 0)).toThrow(/CHECK constraint/);
    expect(() => insertPosition.run('C', 0, 5)).toThrow(/CHECK constraint/);
    expect(() => fx.db.prepare("UPDATE accounts SET cash_paise = -1 WHERE id = 'paper'").run()).toThrow(
      /CHECK constraint/,
    );
    expect(() =>
      fx.db
        .prepare(
          "INSERT INTO ledger_entries (account, ts, kind, amount_paise) VALUES ('paper', 0, 'charges', 5)",
        )
        .run(),
    ).toThrow(/CHECK constraint/);
  });
});
