import type { Candle } from '../market/market-types';
import { type BacktestHistory, selectBacktestSessions } from './backtest-sessions';

const bar = (symbol: string): Candle => ({
  symbol,
  interval: '1m',
  openTime: Date.parse('2026-01-27T09:15:00+05:30'),
  open: 100_00,
  high: 100_00,
  low: 100_00,
  close: 100_00,
  volume: 10,
  source: 'simulator',
});

const history: BacktestHistory = {
  sessionDates: ['2026-01-27', '2026-01-28'],
  symbols: ['INFY', 'TCS', 'SBIN'],
  minutesPerSession: 375,
  sessionBars: () => new Map(['INFY', 'TCS', 'SBIN'].map((symbol) => [symbol, [bar(symbol)]])),
};

describe('choosing the sessions a backtest replays', () => {
  it('takes the sessions inside the range, narrowed to the symbols asked for', () => {
    const sessions = selectBacktestSessions(history, {
      from: '2026-01-28',
      to: '2026-02-10',
      symbols: ['TCS', 'INFY'],
    });
    expect(sessions.map((s) => [s.date, s.barCount])).toEqual([['2026-01-28', 750]]);
    expect([...sessions[0]!.bars().keys()]).toEqual(['INFY', 'TCS']);
  });

  it('says which range has data when the one asked for has none', () => {
    expect(() =>
      selectBacktestSessions(history, { from: '2025-06-01', to: '2025-06-30', symbols: [] }),
    ).toThrow(
      'No one-minute bars between 2025-06-01 and 2025-06-30: history covers 2026-01-27 to 2026-01-28.',
    );
  });

  it('names a symbol it has no history for', () => {
    expect(() =>
      selectBacktestSessions(history, { from: '2026-01-27', to: '2026-01-28', symbols: ['INFY', 'NOPE'] }),
    ).toThrow('No one-minute history for NOPE: choose among the 3 symbols the market lists.');
  });

  it('asks for the dates the right way round', () => {
    expect(() =>
      selectBacktestSessions(history, { from: '2026-01-28', to: '2026-01-27', symbols: [] }),
    ).toThrow('The start date 2026-01-28 is after the end date 2026-01-27: swap them.');
  });

  it('answers a bad range with a 400, not a 500', () => {
    try {
      selectBacktestSessions(history, { from: '2025-06-01', to: '2025-06-30', symbols: [] });
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: 'backtest_input' });
      return;
    }
    throw new Error('no error');
  });
});
