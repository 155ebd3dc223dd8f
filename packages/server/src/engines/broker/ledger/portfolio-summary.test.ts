import { istDateOf } from '../../../core/time/ist-time';
import { createLedgerFixture, type LedgerFixture, trade } from './test-support/ledger-fixture';

let fx: LedgerFixture;
beforeEach(() => {
  fx = createLedgerFixture();
  fx.ledger.openAccount('paper', 10_000_000);
  trade(fx, 'BUY', 'INFY', 10, 150_000); // cost 1,500,000
  trade(fx, 'BUY', 'TCS', 3, 400_001); // cost 1,200,003
  trade(fx, 'SELL', 'TCS', 1, 410_000); // removes 400,001; realised 9,999
});
afterEach(() => fx.db.close());

const marks = new Map([['INFY', 160_000]]);
const mark = (symbol: string) => marks.get(symbol);
const cash = 10_000_000 - 1_500_000 - 1_200_003 + 410_000;

describe('equity and the portfolio summary', () => {
  it('values positions at their marks, and at cost when a mark is missing', () => {
    // INFY 10 × 1,600.00 + TCS at its cost 800,002 (no mark)
    expect(fx.ledger.equityPaise('paper', mark)).toBe(cash + 1_600_000 + 800_002);
  });

  it('sums cash, cost, market value and P&L in paise, naming what it could not price', () => {
    const summary = fx.ledger.portfolioSummary('paper', mark);
    expect(summary).toEqual({
      cashPaise: cash,
      investedPaise: 1_500_000 + 800_002,
      marketValuePaise: 1_600_000 + 800_002,
      equityPaise: cash + 2_400_002,
      unrealisedPnlPaise: 100_000,
      realisedPnlPaise: 9_999,
      activePositions: 2,
      unpricedSymbols: ['TCS'],
      dayChangePaise: null,
      dayChangePercent: null,
      dayChangeBasis: null,
    });
  });

  it('measures day change from the holdings’ previous closes when no opening equity is recorded', () => {
    const closes = new Map([
      ['INFY', 155_000],
      ['TCS', 405_000],
    ]);
    const marksAll = (symbol: string) => (symbol === 'TCS' ? 405_500 : mark(symbol));
    const summary = fx.ledger.portfolioSummary('paper', marksAll, (symbol) => closes.get(symbol));
    expect(summary.dayChangeBasis).toBe('previous_close');
    expect(summary.dayChangePaise).toBe(10 * 5_000 + 2 * 500);
  });

  it('measures day change against today’s opening equity once it is recorded', () => {
    const equity = fx.ledger.equityPaise('paper', mark);
    fx.ledger.recordOpeningEquity('paper', istDateOf(fx.clock.now()), equity - 80_000);
    const summary = fx.ledger.portfolioSummary('paper', mark);
    expect(summary.dayChangeBasis).toBe('opening_equity');
    expect(summary.dayChangePaise).toBe(80_000);
    expect(summary.dayChangePercent).toBeCloseTo((80_000 / (equity - 80_000)) * 100, 10);
  });
});
