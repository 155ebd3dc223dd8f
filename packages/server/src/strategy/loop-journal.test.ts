import { idleReason, LoopJournal } from './loop-journal';
import type { Signal } from './signals';

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

describe('idleReason', () => {
  it('names a symbol still gathering bars and how many others are', () => {
    const waiting = ['momentum: needs 50 one-minute bars, has 12'];
    expect(idleReason([signal('RELIANCE', 'HOLD', 0, waiting), signal('TCS', 'HOLD', 0, waiting)])).toBe(
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
