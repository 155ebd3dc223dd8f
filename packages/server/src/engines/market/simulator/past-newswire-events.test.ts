import { istDateOf, MarketClock } from '../calendar';
import { allInstruments } from '../instruments';
import type { Candle } from '../market-types';
import { createSimulatedMarket } from '../simulated-market';
import { Newswire } from './newswire-events';
import { EVENT_KINDS } from './newswire-templates';
import { MIN_COMPANY_MOVE, MOVE_WINDOW_MINUTES, pastNewswireEvents } from './past-newswire-events';

const TUESDAY_0930 = Date.UTC(2026, 0, 6, 4, 0); // Tue 6 Jan 2026, 09:30 IST
const TUESDAY_1545 = Date.UTC(2026, 0, 6, 10, 15); // after Tuesday's close: Tuesday is history too
const TWO_DAYS = 48 * 3_600_000;
const RISING_KINDS = new Set(EVENT_KINDS.filter((kind) => kind.move[0] > 0).map((kind) => kind.type));

function market(seed: number, now: number) {
  const clock = new MarketClock({ now: () => now });
  const built = createSimulatedMarket({
    instruments: allInstruments(),
    clock,
    seed,
    ticksPerSecond: 0,
    historySessions: 3,
    now: () => now,
  });
  return { ...built, clock };
}

const pastEvents = (seed: number, now = TUESDAY_0930) =>
  market(seed, now).simulator.newswire.pastEvents(now - TWO_DAYS, now);

const MONDAY_OPEN = Date.UTC(2026, 0, 5, 3, 45);

/** A session of flat 1-minute bars at 1,000 rupees, with `moves` (fraction per minute) from a minute on. */
function bars(symbol: string, moves: { from: number; minutes: number; perMinute: number }[] = []): Candle[] {
  let price = 100_000;
  return Array.from({ length: 375 }, (_, minute) => {
    const open = price;
    const move = moves.find((m) => minute >= m.from && minute < m.from + m.minutes);
    if (move) price = open * (1 + move.perMinute);
    const high = Math.max(open, price);
    const low = Math.min(open, price);
    const openTime = MONDAY_OPEN + minute * 60_000;
    return {
      symbol,
      interval: '1m',
      openTime,
      open,
      high,
      low,
      close: price,
      volume: 100,
      source: 'simulator',
    };
  });
}

describe('the news read back from a session’s bars', () => {
  const stocks = [
    { symbol: 'INFY', sector: 'Information Technology' },
    { symbol: 'SUNPHARMA', sector: 'Healthcare' },
    { symbol: 'TITAN', sector: 'Consumer Durables' },
  ];
  const session = (barsBySymbol: Map<string, Candle[]>) => [{ date: '2026-01-05', barsBySymbol }];

  it('names a stock that rose 3 % on its own with good news at the minute the rise began', () => {
    const rise = [{ from: 120, minutes: 20, perMinute: 0.0015 }];
    const barsBySymbol = new Map([
      ['INFY', bars('INFY', rise)],
      ['SUNPHARMA', bars('SUNPHARMA')],
      ['TITAN', bars('TITAN')],
    ]);
    const events = pastNewswireEvents(stocks, session(barsBySymbol), 7);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ symbol: 'INFY', symbols: ['INFY'], id: 'sim-past-2026-01-05-INFY' });
    expect(RISING_KINDS.has(event!.type)).toBe(true);
    expect(event!.title).toMatch(/Infosys/);
    expect(event!.move).toBeGreaterThan(0.025);
    // The window that holds the whole rise; its first minute is at most the rise's first.
    expect(event!.at).toBeLessThanOrEqual(MONDAY_OPEN + 120 * 60_000);
    expect(event!.at).toBeGreaterThanOrEqual(MONDAY_OPEN + (120 + 20 - MOVE_WINDOW_MINUTES) * 60_000);
  });

  it('gives a market-wide fall no company’s news, and a stock that fell further bad news', () => {
    const fall = [{ from: 200, minutes: 10, perMinute: -0.002 }];
    const furtherFall = [{ from: 200, minutes: 10, perMinute: -0.004 }];
    const barsBySymbol = new Map([
      ['INFY', bars('INFY', fall)],
      ['SUNPHARMA', bars('SUNPHARMA', furtherFall)],
      ['TITAN', bars('TITAN', fall)],
    ]);
    const events = pastNewswireEvents(stocks, session(barsBySymbol), 7);
    expect(events.map((event) => event.symbol)).toEqual(['SUNPHARMA']);
    expect(RISING_KINDS.has(events[0]!.type)).toBe(false);
    expect(events[0]!.move).toBeLessThan(0);
  });

  it('publishes nothing for a quiet session', () => {
    const barsBySymbol = new Map(stocks.map(({ symbol }) => [symbol, bars(symbol)]));
    expect(pastNewswireEvents(stocks, session(barsBySymbol), 7)).toEqual([]);
  });
});

describe('the simulated newswire’s news of the generated past sessions', () => {
  it('is the same for the same seed, and other news for another', async () => {
    const first = await pastEvents(7);
    expect(first.length).toBeGreaterThanOrEqual(5);
    expect(await pastEvents(7)).toEqual(first);
    expect((await pastEvents(8)).map((event) => event.title)).not.toEqual(first.map((event) => event.title));
  });

  it('tells of a move the bars made, in the move’s direction, from the minute the news broke', async () => {
    const { simulator, history } = market(7, TUESDAY_0930);
    const events = await simulator.newswire.pastEvents(TUESDAY_0930 - TWO_DAYS, TUESDAY_0930);
    expect(events.some((event) => event.symbol !== null)).toBe(true);
    for (const event of events) {
      const date = history.sessionDates.find((d) => history.sessionOverlaps(d, event.at, event.at))!;
      const moves = event.symbols.map((symbol) => {
        const bars = history.minuteBars(symbol, date);
        const first = bars.findIndex((bar) => bar.openTime === event.at);
        return bars[first + MOVE_WINDOW_MINUTES - 1]!.close / bars[first]!.open - 1;
      });
      const average = moves.reduce((sum, move) => sum + move, 0) / moves.length;
      // Good news for a rise, bad news for a fall, and the event's move is the move the bars made.
      expect(RISING_KINDS.has(event.type)).toBe(average > 0);
      expect(Math.sign(event.move)).toBe(Math.sign(average));
      if (event.symbol) expect(Math.abs(average)).toBeGreaterThanOrEqual(MIN_COMPANY_MOVE * 0.99);
      expect(event.title).toMatch(/\w/);
    }
  });

  it('breaks every story inside its session’s market hours, and none after now', async () => {
    const tuesdayNoon = TUESDAY_1545 - 3.75 * 3_600_000;
    // The last case asks, at noon, about a history that holds Tuesday's whole session.
    for (const [builtAt, now] of [
      [TUESDAY_0930, TUESDAY_0930],
      [TUESDAY_1545, TUESDAY_1545],
      [TUESDAY_1545, tuesdayNoon],
    ] as const) {
      const { simulator, clock } = market(11, builtAt);
      const events = await simulator.newswire.pastEvents(now - TWO_DAYS, now);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        const bounds = clock.sessionBounds(istDateOf(event.at))!;
        expect(event.at).toBeGreaterThanOrEqual(bounds.open);
        expect(event.at).toBeLessThan(bounds.close);
        expect(event.at).toBeLessThanOrEqual(now);
      }
    }
  });

  it('gives each story its own id, none shared with the live events that follow', async () => {
    const { simulator } = market(7, TUESDAY_0930);
    const past = await simulator.newswire.pastEvents(TUESDAY_0930 - TWO_DAYS, TUESDAY_0930);
    const live: string[] = [];
    simulator.newswire.onEvent((event) => live.push(event.id));
    for (let minute = 0; minute <= 240; minute++) simulator.emit(60, TUESDAY_0930 + minute * 60_000);
    expect(live.length).toBeGreaterThan(0);
    const ids = [...past.map((event) => event.id), ...live];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('publishes no past news when the newswire is switched off', async () => {
    const { history } = market(7, TUESDAY_0930);
    const instruments = allInstruments().map(({ symbol, sector }) => ({ symbol, sector }));
    const off = new Newswire(instruments, 7, { sessionFraction: () => 0.5, eventsPerHour: 0, history });
    expect(await off.pastEvents(TUESDAY_0930 - TWO_DAYS, TUESDAY_0930)).toEqual([]);
  });
});
