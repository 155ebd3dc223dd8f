import { EquityRecorder, MAX_EQUITY_POINTS } from './backtest-equity';
import { sessionIndexLevels } from './nifty-benchmark';

const MINUTE = 60_000;

/**
 * `sessions` sessions of 375 minutes, equity rising a rupee a minute, the index flat at 100; `dip` takes
 * paise off the equity of one minute (session, minute of it), the next minute back on the rise.
 */
function recorded(
  sessions: number,
  dip?: { session: number; minute: number; paise: number },
): EquityRecorder {
  const recorder = new EquityRecorder(1_000_000);
  let equity = 1_000_000;
  for (let s = 0; s < sessions; s += 1) {
    const open = s * 86_400_000;
    recorder.beginSession(open, { openLevel: 100, closes: new Map() });
    for (let m = 0; m < 375; m += 1) {
      equity += 100;
      const fall = dip && dip.session === s && dip.minute === m ? dip.paise : 0;
      recorder.minute(open + (m + 1) * MINUTE, equity - fall, 100);
    }
  }
  return recorder;
}

describe('EquityRecorder', () => {
  it('keeps every minute of a short run, from the capital at the first open', () => {
    const curve = recorded(2).curve();
    expect(curve.strideMinutes).toBe(1);
    expect(curve.points).toHaveLength(751);
    expect(curve.points[0]).toEqual({
      at: 0,
      equityPaise: 1_000_000,
      nifty50Paise: 1_000_000,
      drawdownPercent: 0,
    });
    expect(curve.points.at(-1)!.equityPaise).toBe(1_000_000 + 750 * 100);
  });

  it('thins a year of minutes to every 75 minutes, each session’s close kept, under the bound', () => {
    const curve = recorded(250).curve();
    expect(curve.strideMinutes).toBe(75);
    expect(curve.points.length).toBeLessThanOrEqual(MAX_EQUITY_POINTS);
    expect(curve.points).toHaveLength(1 + 250 * 5);
    // The last point is the last minute of the run.
    expect(curve.points.at(-1)).toMatchObject({
      at: 249 * 86_400_000 + 375 * MINUTE,
      equityPaise: 1_000_000 + 250 * 375 * 100,
    });
    expect(curve.maxDrawdown).toBe(0);
    expect(curve.buyAndHold).toEqual({ startLevel: 100, endLevel: 100, finalValuePaise: 1_000_000 });
  });

  it('still stays under the bound past 2,000 sessions, ending on the last close, and says one session end in 2 is kept', () => {
    const curve = recorded(2_500).curve();
    expect(curve.points.length).toBeLessThanOrEqual(MAX_EQUITY_POINTS);
    expect(curve.points.at(-1)!.equityPaise).toBe(1_000_000 + 2_500 * 375 * 100);
    expect(curve.strideMinutes).toBe(375);
    expect(curve.strideSessions).toBe(2);
    expect(recorded(250).curve().strideSessions).toBe(1);
  });

  it('measures the max drawdown from every minute: a V-shaped dip between two sampled points is kept', () => {
    // Session 10, its 31st minute (between the points at minutes 75 and 0 of the thinned curve): ₹5,000 down.
    const curve = recorded(250, { session: 10, minute: 30, paise: 500_000 }).curve();
    expect(curve.strideMinutes).toBe(75);
    // The peak is the minute before the dip; the dip's own minute, but for the fall, a rupee higher.
    const before = 1_000_000 + (10 * 375 + 30) * 100;
    const low = before + 100 - 500_000;
    expect(curve.maxDrawdownPaise).toBe(before - low);
    expect(curve.maxDrawdown).toBeCloseTo((before - low) / before, 12);
    const trough = curve.points.find((p) => p.equityPaise === low);
    expect(trough).toBeDefined();
    expect(trough!.drawdownPercent).toBe(
      Math.round(((before - trough!.equityPaise) / before) * 10_000) / 100,
    );
    expect(Math.max(...curve.points.map((p) => p.drawdownPercent))).toBe(trough!.drawdownPercent);
    expect(curve.points.length).toBeLessThanOrEqual(MAX_EQUITY_POINTS);
  });

  it('measures each sampled point below the running peak of every minute, not of the sampled ones', () => {
    // Up ₹100 at minute 2, then back down: with a stride of 75 the sampled points never see that peak.
    const recorder = new EquityRecorder(1_000_000);
    recorder.beginSession(0, undefined);
    for (let m = 0; m < 375; m += 1) recorder.minute((m + 1) * MINUTE, m === 1 ? 1_010_000 : 1_000_000, null);
    const curve = recorder.curve(10);
    const last = curve.points.at(-1)!;
    expect(last.equityPaise).toBe(1_000_000);
    expect(last.drawdownPercent).toBe(0.99);
    expect(curve.maxDrawdownPaise).toBe(10_000);
  });

  it('has no buy-and-hold line without the index', () => {
    const recorder = new EquityRecorder(1_000_000);
    recorder.beginSession(0, undefined);
    recorder.minute(MINUTE, 900_000, null);
    const curve = recorder.curve();
    expect(curve.buyAndHold).toBeNull();
    expect(curve.points.map((p) => p.nifty50Paise)).toEqual([null, null]);
    expect(curve.maxDrawdown).toBeCloseTo(0.1, 12);
    expect(curve.maxDrawdownPaise).toBe(100_000);
    expect(curve.points[1]!.drawdownPercent).toBe(10);
  });
});

describe('sessionIndexLevels', () => {
  it('reads the first opens, then each minute’s closes, a symbol without a bar keeping its last price', () => {
    const bar = (symbol: string, minute: number, open: number, close: number) => ({
      symbol,
      interval: '1m' as const,
      openTime: minute * MINUTE,
      open,
      high: close,
      low: close,
      close,
      volume: 1,
      source: 'simulator' as const,
    });
    const sum = (prices: ReadonlyMap<string, number>) => [...prices.values()].reduce((a, b) => a + b, 0);
    const levels = sessionIndexLevels(
      new Map([
        ['A', [bar('A', 0, 100, 110), bar('A', 1, 110, 120)]],
        ['B', [bar('B', 0, 50, 55)]],
      ]),
      sum,
    );
    expect(levels.openLevel).toBe(150);
    expect([...levels.closes]).toEqual([
      [0, 165],
      [MINUTE, 175],
    ]);
  });
});
