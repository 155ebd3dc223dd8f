import { SqlLedgerReadRepository } from '../../../storage/sql/ledger-read-repository';
import { SqlPhasesRepository } from '../../../storage/sql/phases-repository';
import { openDatabase } from '../../../storage/sqlite/database';
import { phaseForCapital } from '../phases';
import { PhaseEngine } from './phase-engine';
import { PhaseHistoryStore } from './phase-history-store';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 4, 0);
const silent = { info: () => {}, error: () => {} };

function setup(startEquityRupees: number) {
  const db = openDatabase(':memory:');
  db.prepare("INSERT INTO accounts (id, cash_paise, created_at) VALUES ('paper', 0, ?)").run(T0 - DAY);
  db.prepare(
    "INSERT INTO ledger_entries (account, ts, kind, amount_paise) VALUES ('paper', ?, 'opening_balance', ?)",
  ).run(T0 - DAY, startEquityRupees * 100);
  const state = { now: T0, equityPaise: startEquityRupees * 100 };
  let fills = 0;
  /** One round trip of 1 share bought at `buy` and sold at `sell` rupees, at the current time. */
  const trade = (buy: number, sell: number) => {
    for (const [side, price] of [
      ['BUY', buy],
      ['SELL', sell],
    ] as const) {
      fills += 1;
      const id = `o${fills}`;
      db.prepare(
        `INSERT INTO orders (id, account, symbol, side, type, quantity, status, strategy, created_at, updated_at)
         VALUES (?, 'paper', 'TCS', ?, 'MARKET', 1, 'FILLED', 'test', ?, ?)`,
      ).run(id, side, state.now, state.now);
      db.prepare(
        `INSERT INTO fills (id, order_id, account, symbol, side, quantity, price_paise, charges_json, charges_paise, ts)
         VALUES (?, ?, 'paper', 'TCS', ?, 1, ?, '{}', 0, ?)`,
      ).run(`f${fills}`, id, side, price * 100, state.now);
    }
  };
  const store = new PhaseHistoryStore(new SqlPhasesRepository(db), new SqlLedgerReadRepository(db));
  const engine = new PhaseEngine({
    store,
    account: () => 'paper',
    equityPaise: () => state.equityPaise,
    now: () => state.now,
    log: silent,
  });
  return { db, state, trade, store, engine };
}

describe('the phase engine', () => {
  it('starts in the phase the capital falls in and records the start', () => {
    const { engine, store } = setup(25_000);
    const evaluation = engine.evaluate();
    expect(evaluation.standing.current.phase).toBe(1);
    expect(evaluation.standing.daysInPhase).toBe(0);
    expect(store.recent('paper', 5)).toMatchObject([
      { phase: 1, kind: 'start', fromPhase: null, enteredAt: T0 },
    ]);
  });

  it('counts only trades closed in the phase, and promotes once capital and requirements both allow it', () => {
    const { engine, state, trade, store } = setup(48_000);
    engine.evaluate();
    // 3 winners and 1 loser: 75 % success; ₹4,200 − ₹200 = ₹4,000 profit on ₹48,000 = 8.33 %.
    trade(1_000, 2_400);
    trade(1_000, 2_400);
    trade(1_000, 2_400);
    trade(1_000, 800);
    state.equityPaise = 52_000_00;
    state.now = T0 + 14 * DAY;
    const early = engine.evaluate();
    expect(early.standing).toMatchObject({
      closedTrades: 4,
      winningTrades: 3,
      successRatePercent: 75,
      daysInPhase: 14,
    });
    expect(early.standing.profitPercent).toBeCloseTo(8.333, 2);
    expect(early.standing.current.phase).toBe(1);
    expect(early.outlook).toBe("capital is in Growth's range; Foundation's requirements are not met yet");

    state.now = T0 + 15 * DAY;
    const promoted = engine.evaluate();
    expect(promoted.standing.current.phase).toBe(2);
    expect(promoted.standing).toMatchObject({ closedTrades: 0, daysInPhase: 0 });
    expect(store.latest('paper')).toMatchObject({
      phase: 2,
      fromPhase: 1,
      kind: 'promotion',
      equityPaise: 52_000_00,
    });
  });

  it('demotes on the emergency stop loss, net of deposits, and keeps the history across a restart', () => {
    const { engine, state, store, db } = setup(300_000);
    expect(engine.evaluate().standing.current.phase).toBe(3);
    // Down 7 % exactly, while a ₹10,000 deposit in the meantime does not hide the loss.
    db.prepare(
      "INSERT INTO ledger_entries (account, ts, kind, amount_paise) VALUES ('paper', ?, 'balance_adjustment', ?)",
    ).run(T0 + DAY, 10_000_00);
    state.now = T0 + 2 * DAY;
    state.equityPaise = (300_000 - 21_000 + 10_000) * 100;
    const demoted = engine.evaluate();
    expect(demoted.standing.current.phase).toBe(2);
    expect(store.latest('paper')?.reason).toBe(
      'emergency stop loss: equity down 7 % in Expansion, at or past its 7 % limit',
    );
    const afterRestart = new PhaseEngine({
      store: new PhaseHistoryStore(new SqlPhasesRepository(db), new SqlLedgerReadRepository(db)),
      account: () => 'paper',
      equityPaise: () => state.equityPaise,
      now: () => state.now + 3 * DAY,
      log: silent,
    });
    expect(afterRestart.evaluate().standing).toMatchObject({ daysInPhase: 3, current: { phase: 2 } });
  });

  it('starts again from capital after the account is reset', () => {
    const { engine, state, store, db } = setup(300_000);
    engine.evaluate();
    state.now = T0 + DAY;
    db.prepare(
      "INSERT INTO ledger_entries (account, ts, kind, amount_paise) VALUES ('paper', ?, 'reset', 0)",
    ).run(state.now);
    state.equityPaise = 25_000_00;
    state.now += 1000;
    expect(engine.evaluate().standing.current.phase).toBe(1);
    expect(store.latest('paper')).toMatchObject({ kind: 'start', fromPhase: 3 });
  });

  it("while started, is the phase the loops' phaseForCapital returns, and stops being it on stop", async () => {
    const { engine, state } = setup(300_000);
    engine.start();
    try {
      await engine.settled();
      state.now = T0 + DAY;
      state.equityPaise = 270_000_00; // down 10 %: Expansion's 7 % stop demotes to Growth
      expect(phaseForCapital(270_000).phase).toBe(2);
    } finally {
      engine.stop();
    }
    expect(phaseForCapital(270_000).phase).toBe(3);
  });

  it('counts the trips in slices at start: the recorded phase applies meanwhile, and a stop ends the count', async () => {
    const { engine, state, trade, store } = setup(300_000);
    engine.evaluate(); // phase 3 recorded
    for (let i = 0; i < 5; i += 1) trade(100, 101);
    state.equityPaise = 20_000_00; // a capital that alone would read as phase 1
    engine.start();
    try {
      expect(phaseForCapital(20_000).phase).toBe(3); // still counting: the recorded phase
      engine.stop();
      await engine.settled();
      expect(store.recent('paper', 5)).toHaveLength(1); // stopped half way: nothing decided
    } finally {
      engine.stop();
    }
  });

  it('while counting at start after a reset, applies the phase the capital falls in, not the one before the reset', async () => {
    const { engine, state, trade, db } = setup(300_000);
    engine.evaluate(); // phase 3 recorded
    for (let i = 0; i < 5; i += 1) trade(100, 101);
    // Reset while the server was down: the record still says phase 3.
    state.now = T0 + DAY;
    db.prepare(
      "INSERT INTO ledger_entries (account, ts, kind, amount_paise) VALUES ('paper', ?, 'reset', 0)",
    ).run(state.now);
    state.equityPaise = 25_000_00;
    engine.start();
    try {
      expect(phaseForCapital(25_000).phase).toBe(1);
    } finally {
      engine.stop();
      await engine.settled();
    }
  });
});
