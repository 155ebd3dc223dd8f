import { type FeedCapacity, type FeedDemand, planSubscriptions } from './subscription-plan';

const UPSTOX: FeedCapacity = { full: 2000, ltpc: 5000, mixedFull: 1500, mixedLtpc: 2000, total: Infinity };
const demands = (prefix: string, count: number, mode: 'full' | 'ltpc', priority: number): FeedDemand[] =>
  Array.from({ length: count }, (_, i) => ({ symbol: `${prefix}${i}`, mode, priority }));
const countOf = (modes: Map<string, string>, mode: string) =>
  [...modes.values()].filter((m) => m === mode).length;

describe('planSubscriptions', () => {
  it('gives each symbol the most detailed mode any consumer wants, once', () => {
    const plan = planSubscriptions(
      [
        { symbol: 'RELIANCE', mode: 'ltpc', priority: 3 },
        { symbol: 'RELIANCE', mode: 'full', priority: 1 },
        { symbol: 'INFY', mode: 'ltpc', priority: 3 },
      ],
      UPSTOX,
    );
    expect([...plan.modes]).toEqual([
      ['RELIANCE', 'full'],
      ['INFY', 'ltpc'],
    ]);
    expect(plan).toMatchObject({ downgraded: [], dropped: [] });
  });

  it('uses the single-mode limits when only one mode is asked for: 2000 full or 5000 ltpc', () => {
    expect(countOf(planSubscriptions(demands('F', 2000, 'full', 0), UPSTOX).modes, 'full')).toBe(2000);
    expect(countOf(planSubscriptions(demands('L', 5000, 'ltpc', 0), UPSTOX).modes, 'ltpc')).toBe(5000);
  });

  it('holds to the combined limits once modes mix, keeping full for the most important', () => {
    const plan = planSubscriptions(
      [
        ...demands('SCREEN', 2500, 'ltpc', 3),
        ...demands('LOOP', 1600, 'full', 2),
        ...demands('IDX', 3, 'full', 0),
      ],
      UPSTOX,
    );
    expect(countOf(plan.modes, 'full')).toBe(1500);
    expect(countOf(plan.modes, 'ltpc')).toBe(2000);
    expect(plan.modes.get('IDX0')).toBe('full');
    // The last 103 of the loop's symbols stream their last price rather than nothing.
    expect(plan.downgraded).toHaveLength(103);
    expect(plan.modes.get('LOOP1599')).toBe('ltpc');
    // What is left of the ltpc room goes to screens, in the order they asked; the rest wait.
    expect(plan.dropped).toHaveLength(2500 - (2000 - 103));
    expect(plan.dropped[0]).toBe('SCREEN1897');
  });

  it('falls back to the combined limits when full demand alone overflows', () => {
    const plan = planSubscriptions(demands('F', 2100, 'full', 1), UPSTOX);
    expect(countOf(plan.modes, 'full')).toBe(1500);
    expect(countOf(plan.modes, 'ltpc')).toBe(600);
    expect(plan.dropped).toEqual([]);
  });

  it('never plans more than the total a polled feed carries', () => {
    const yahoo = { full: 100, ltpc: 100, mixedFull: 100, mixedLtpc: 100, total: 100 };
    const plan = planSubscriptions([...demands('A', 3, 'full', 0), ...demands('B', 120, 'ltpc', 2)], yahoo);
    expect(plan.modes.size).toBe(100);
    expect([...plan.modes.keys()].slice(0, 3)).toEqual(['A0', 'A1', 'A2']);
    expect(plan.dropped).toHaveLength(23);
  });
});
