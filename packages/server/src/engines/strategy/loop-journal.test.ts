import type { Signal } from '../signals';
import { idleReason, LoopJournal, reasonKindOf } from './loop-journal';

const signal = (
  symbol: string,
  direction: Signal['direction'],
  score: number,
  reasons: string[] = [],
): Signal => ({
  symbol,
  direction,
  score,
  confidence: 0.5,
  reasons,
});

describe('LoopJournal', () => {
  it('keeps the newest decisions first, counting a repeated one instead of copying it', () => {
    const journal = new LoopJournal(3);
    const closed = {
      symbol: '*',
      side: null,
      quantity: null,
      outcome: 'waiting' as const,
      reason: 'market closed',
    };
    journal.record({ ...closed, at: 1 });
    journal.record({
      at: 2,
      symbol: 'INFY',
      side: 'BUY',
      quantity: 5,
      outcome: 'filled',
      reason: 'BUY signal',
    });
    journal.record({ ...closed, at: 3 });
    expect(journal.recent().map((d) => [d.at, d.symbol, d.repeats])).toEqual([
      [3, '*', 2],
      [2, 'INFY', 1],
    ]);
    for (let at = 4; at < 8; at++) journal.record({ ...closed, symbol: `S${at}`, at });
    expect(journal.recent()).toHaveLength(3);
    expect(journal.recent()[0]).toMatchObject({ symbol: 'S7' });
  });
});

describe('LoopJournal folding', () => {
  const MINUTE = 60_000;
  const hold = (symbol: string, gain: string, at: number) => ({
    at,
    symbol,
    side: null,
    quantity: null,
    outcome: 'skipped' as const,
    reason: `SELL signal, gain ₹${gain} does not cover round-trip charges ₹45.10 × 2; holding (sells past the loss cut or after 60 min)`,
  });

  it("folds a held position's per-minute lines into one per symbol, with a count and its first and last time", () => {
    const journal = new LoopJournal();
    const gains = ['12.40', '13.05', '9.90', '1,204.00', '15.15'];
    gains.forEach((gain, minute) => {
      journal.record(hold('RELIANCE', gain, minute * MINUTE));
      journal.record(hold('TCS', gain, minute * MINUTE));
    });
    const recent = journal.recent();
    expect(recent.map((d) => [d.symbol, d.repeats, d.firstAt, d.at])).toEqual([
      ['TCS', 5, 0, 4 * MINUTE],
      ['RELIANCE', 5, 0, 4 * MINUTE],
    ]);
    expect(recent[0]!.reason).toContain('gain ₹15.15 does not cover');
  });

  it('keeps different reasons for one symbol on their own lines', () => {
    const journal = new LoopJournal();
    journal.record(hold('RELIANCE', '12.40', 0));
    journal.record({
      ...hold('RELIANCE', '0', MINUTE),
      reason:
        'SELL signal, down ₹3.00 (0.12 %), inside the 1 % loss cut, and selling adds ₹45.10 of charges; holding',
    });
    journal.record(hold('RELIANCE', '20.00', 2 * MINUTE));
    expect(journal.recent().map((d) => [d.repeats, d.reason.slice(0, 16)])).toEqual([
      [2, 'SELL signal, gai'],
      [1, 'SELL signal, dow'],
    ]);
  });

  it('keeps two orders of different sizes apart: each is a trade of its own', () => {
    const journal = new LoopJournal();
    const buy = { symbol: 'INFY', side: 'BUY' as const, outcome: 'filled' as const, reason: 'BUY signal' };
    journal.record({ ...buy, at: 0, quantity: 5 });
    journal.record({ ...buy, at: MINUTE, quantity: 7 });
    expect(journal.recent().map((d) => [d.quantity, d.repeats])).toEqual([
      [7, 1],
      [5, 1],
    ]);
  });

  it('reads a reason without its figures and asides', () => {
    expect(
      reasonKindOf('no BUY signal strong enough to act on (best: TCS at score 0.31); 2 SELL signals'),
    ).toBe('no BUY signal strong enough to act on; # SELL signals');
    expect(reasonKindOf('RELIANCE: needs 50 one-minute bars, has 12 (3 more symbols waiting for bars)')).toBe(
      'RELIANCE: needs # one-minute bars, has #',
    );
  });
});

describe('idleReason', () => {
  it('names a symbol still gathering bars and how many others are', () => {
    const waiting = (symbol: string): Signal => ({
      ...signal(symbol, 'HOLD', 0, ['momentum: needs 50 one-minute bars, has 12']),
      waiting: { needed: 50, has: 12 },
    });
    expect(idleReason([signal('INFY', 'HOLD', 0.1), waiting('RELIANCE'), waiting('TCS')])).toBe(
      'RELIANCE: needs 50 one-minute bars, has 12 (1 more symbols waiting for bars)',
    );
  });

  it('says no BUY was strong enough, and that the SELL signals were on names not held', () => {
    expect(
      idleReason([
        signal('RELIANCE', 'HOLD', 0.24),
        signal('TCS', 'SELL', -0.6),
        signal('ITC', 'SELL', -0.5),
      ]),
    ).toBe(
      'no BUY signal strong enough to act on (best: RELIANCE at score 0.24); 2 SELL signals, none on a name held',
    );
    expect(idleReason([])).toBe('no symbols to rank');
  });
});
