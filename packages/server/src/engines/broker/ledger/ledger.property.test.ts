import fc from 'fast-check';
import type { Charges, OrderSide } from '../../../core/orders';
import { LedgerError } from './ledger-error';
import {
  chargesOf,
  createLedgerFixture,
  type LedgerFixture,
  marketOrder,
  trade,
} from './test-support/ledger-fixture';
import { brokenInvariants } from './test-support/ledger-invariants';
import { LedgerModel } from './test-support/ledger-model';

const SYMBOLS = ['INFY', 'TCS', 'SBIN', 'ITC'];
const OPENING = 10_000_000;

interface TradeStep {
  kind: 'buy' | 'sell';
  symbol: string;
  /** Turned into a quantity that is valid for the state the step meets. */
  sizeSeed: number;
  price: number;
  charges: Charges;
  fills: number;
  cancelAfterFirst: boolean;
  /** Book a one-fill order the paper desk's way: order and fill in one call (placeFilledOrder). */
  wholeOrder: boolean;
}
type Action =
  | TradeStep
  | { kind: 'setBalance'; cash: number }
  | { kind: 'oversell'; symbol: string }
  | { kind: 'reset'; balance: number };
interface Step {
  action: Action;
  /** One mark per symbol, or none (valued at cost). */
  marks: (number | undefined)[];
}

/** A contract note whose lines add up; none, paise-small and rupee-sized notes all come up often. */
const chargesArb: fc.Arbitrary<Charges> = fc
  .constantFrom(0, 20, 3_000)
  .chain((max) => {
    const line = fc.integer({ min: 0, max });
    return fc.record({
      brokerage: line,
      stt: line,
      exchangeTransaction: line,
      sebiFee: line,
      gst: line,
      stampDuty: line,
    });
  })
  .map((lines) => ({ ...lines, total: Object.values(lines).reduce((sum, paise) => sum + paise, 0) }));

const tradeArb: fc.Arbitrary<TradeStep> = fc.record({
  kind: fc.constantFrom('buy' as const, 'sell' as const),
  symbol: fc.constantFrom(...SYMBOLS),
  sizeSeed: fc.nat(),
  price: fc.integer({ min: 1, max: 500_000 }),
  charges: chargesArb,
  fills: fc.integer({ min: 1, max: 3 }),
  cancelAfterFirst: fc.boolean(),
  wholeOrder: fc.boolean(),
});
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 8, arbitrary: tradeArb },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0, max: 50_000_000 }).map((cash) => ({ kind: 'setBalance' as const, cash })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...SYMBOLS).map((symbol) => ({ kind: 'oversell' as const, symbol })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0, max: 20_000_000 })
      .map((balance) => ({ kind: 'reset' as const, balance })),
  },
);
const stepArb: fc.Arbitrary<Step> = fc.record({
  action: actionArb,
  marks: fc.array(fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }), {
    minLength: SYMBOLS.length,
    maxLength: SYMBOLS.length,
  }),
});

function expectRefused(fx: LedgerFixture, work: () => unknown): void {
  const before = fx.ledger.entriesSum('paper');
  expect(work).toThrow(LedgerError);
  expect(fx.ledger.entriesSum('paper')).toBe(before);
}

/** Splits a quantity into up to `parts` positive pieces. */
function split(quantity: number, parts: number): number[] {
  const pieces = Math.min(parts, quantity);
  const base = Math.floor(quantity / pieces);
  return Array.from({ length: pieces }, (_, i) => (i === pieces - 1 ? quantity - base * (pieces - 1) : base));
}

function runTrade(fx: LedgerFixture, model: LedgerModel, step: TradeStep): void {
  const side: OrderSide = step.kind === 'buy' ? 'BUY' : 'SELL';
  const fills = step.fills;
  const room =
    side === 'BUY'
      ? Math.floor((model.cash - fills * step.charges.total) / step.price)
      : model.held(step.symbol);
  // Nothing valid to do: the one generated attempt must be refused and change nothing.
  const quantity =
    room >= 1 ? 1 + (step.sizeSeed % Math.min(room, 5_000)) : Math.max(1, model.held(step.symbol) + 1);
  if (step.wholeOrder && fills === 1) {
    const execution = { quantity, pricePaise: step.price, charges: step.charges, ts: fx.clock.now() };
    const request = marketOrder(side, step.symbol, quantity);
    if (model.refusal(side, step.symbol, quantity, step.price, step.charges.total)) {
      const orders = fx.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total;
      expectRefused(fx, () => fx.ledger.placeFilledOrder(request, execution));
      // Refused whole: not even the order row is left behind.
      expect(fx.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBe(orders);
      return;
    }
    const { order, fill } = fx.ledger.placeFilledOrder(request, execution);
    model.fill(side, step.symbol, quantity, step.price, step.charges.total);
    // What it returns is what it stored.
    expect(fx.ledger.order(order.id)).toEqual(order);
    expect(fx.ledger.fills(order.id)).toEqual([fill]);
    return;
  }
  const order = fx.ledger.placeOrder(marketOrder(side, step.symbol, quantity));
  for (const [index, piece] of split(quantity, fills).entries()) {
    const input = {
      orderId: order.id,
      quantity: piece,
      pricePaise: step.price,
      charges: step.charges,
      ts: fx.clock.now(),
    };
    if (model.refusal(side, step.symbol, piece, step.price, step.charges.total)) {
      expectRefused(fx, () => fx.ledger.recordFill(input));
      break;
    }
    fx.ledger.recordFill(input);
    model.fill(side, step.symbol, piece, step.price, step.charges.total);
    if (step.cancelAfterFirst && index === 0 && piece < quantity) {
      fx.ledger.setOrderStatus(order.id, 'CANCELLED');
      break;
    }
  }
}

function runStep(fx: LedgerFixture, model: LedgerModel, action: Action): void {
  fx.clock.advance(1_000);
  switch (action.kind) {
    case 'setBalance':
      fx.ledger.setBalance('paper', action.cash);
      model.setBalance(action.cash);
      return;
    case 'reset':
      fx.ledger.reset('paper', action.balance);
      model.reset(action.balance);
      return;
    case 'oversell': {
      const quantity = model.held(action.symbol) + 1;
      const order = fx.ledger.placeOrder(marketOrder('SELL', action.symbol, quantity));
      const fill = {
        orderId: order.id,
        quantity,
        pricePaise: 100,
        charges: chargesOf(0),
        ts: fx.clock.now(),
      };
      expectRefused(fx, () => fx.ledger.recordFill(fill));
      return;
    }
    default:
      runTrade(fx, model, action);
  }
}

function checkAgainstModel(fx: LedgerFixture, model: LedgerModel, marks: (number | undefined)[]): void {
  const { ledger } = fx;
  expect(brokenInvariants(fx.db, ledger, 'paper')).toEqual([]);
  const cash = ledger.cashPaise('paper');
  expect(cash).toBe(model.cash);
  expect(ledger.entriesSum('paper')).toBe(cash);
  for (const symbol of SYMBOLS) {
    const expected = model.positions.get(symbol);
    const actual = ledger.position('paper', symbol);
    expect(actual?.quantity ?? 0).toBe(expected?.quantity ?? 0);
    expect(actual?.costPaise ?? 0).toBe(expected?.cost ?? 0);
    expect(actual?.realisedPnlPaise ?? 0).toBe(expected?.realised ?? 0);
    if (actual) expect(actual.quantity >= 0 && actual.costPaise >= 0).toBe(true);
  }
  // cash + Σ quantity × mark, a missing mark counting the position at its cost
  const mark = (symbol: string) => marks[SYMBOLS.indexOf(symbol)];
  let value = 0;
  for (const [symbol, position] of model.positions)
    value += mark(symbol) === undefined ? position.cost : position.quantity * mark(symbol)!;
  expect(ledger.equityPaise('paper', mark)).toBe(cash + value);
  // Conservation: every paisa put in is cash, still cost, or was realised less charges paid.
  const positions = [...model.positions.values()];
  const cost = positions.reduce((sum, position) => sum + position.cost, 0);
  expect(ledger.positions('paper').reduce((sum, position) => sum + position.costPaise, 0)).toBe(cost);
  expect(cash + cost).toBe(model.funding + ledger.realisedPnlPaise('paper') - model.charges);
}

describe('the ledger under random trading', () => {
  it('keeps cash, entries, positions and equity in agreement after every step', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 60 }), (steps) => {
        const fx = createLedgerFixture();
        try {
          fx.ledger.openAccount('paper', OPENING);
          const model = new LedgerModel(OPENING);
          for (const step of steps) {
            runStep(fx, model, step.action);
            checkAgainstModel(fx, model, step.marks);
          }
        } finally {
          fx.db.close();
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the invariants themselves', () => {
  let fx: LedgerFixture;
  beforeEach(() => {
    fx = createLedgerFixture();
    fx.ledger.openAccount('paper', OPENING);
    trade(fx, 'BUY', 'INFY', 4, 150_000, 2_000);
    trade(fx, 'SELL', 'INFY', 1, 151_000, 1_500);
    expect(brokenInvariants(fx.db, fx.ledger, 'paper')).toEqual([]);
  });
  afterEach(() => fx.db.close());

  const entry = (kind: string) =>
    fx.db.prepare('SELECT * FROM ledger_entries WHERE kind = ? LIMIT 1').get(kind) as {
      id: number;
      amount_paise: number;
    };
  const moveCash = (paise: number) =>
    fx.db.prepare("UPDATE accounts SET cash_paise = cash_paise + ? WHERE id = 'paper'").run(paise);

  it('notice a lost entry even when the cached cash was moved to match', () => {
    const charges = entry('charges');
    fx.db.prepare('DELETE FROM ledger_entries WHERE id = ?').run(charges.id);
    moveCash(-charges.amount_paise);
    expect(brokenInvariants(fx.db, fx.ledger, 'paper')).not.toEqual([]);
  });

  it('notice a doubled entry', () => {
    fx.db
      .prepare(
        'INSERT INTO ledger_entries (account, ts, kind, amount_paise, order_id, fill_id) SELECT account, ts, kind, amount_paise, order_id, fill_id FROM ledger_entries WHERE id = ?',
      )
      .run(entry('sell').id);
    expect(brokenInvariants(fx.db, fx.ledger, 'paper')).not.toEqual([]);
    moveCash(entry('sell').amount_paise);
    expect(brokenInvariants(fx.db, fx.ledger, 'paper')).not.toEqual([]);
  });

  it('notice a position that drifted from its fills', () => {
    fx.db.prepare("UPDATE positions SET cost_paise = cost_paise + 1 WHERE symbol = 'INFY'").run();
    expect(brokenInvariants(fx.db, fx.ledger, 'paper')).not.toEqual([]);
  });
});
