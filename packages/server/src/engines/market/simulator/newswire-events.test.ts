import { MarketClock } from '../calendar';
import { allInstruments } from '../instruments';
import { createSimulatedMarket } from '../simulated-market';
import { MOVE_SECONDS, Newswire, type NewswireEvent } from './newswire-events';
import { SimulatorProvider } from './simulator-provider';

const OPEN = Date.UTC(2026, 0, 5, 3, 45); // Mon 5 Jan 2026, 09:15 IST
const SESSION_MS = 375 * 60_000;
const sessionFraction = (ts: number) => (ts - OPEN) / SESSION_MS;
const instruments = allInstruments().map(({ symbol, sector }) => ({ symbol, sector }));

/** Runs a newswire over one session in one-minute steps and returns its events. */
function session(seed: number): NewswireEvent[] {
  const wire = new Newswire(instruments, seed, { sessionFraction });
  const events: NewswireEvent[] = [];
  wire.onEvent((event) => events.push(event));
  for (let minute = 0; minute <= 375; minute++) wire.advance(60, OPEN + minute * 60_000);
  return events;
}

describe('the simulated newswire', () => {
  it('publishes the same news for the same seed, and other news for another', () => {
    expect(session(7)).toEqual(session(7));
    expect(session(7).map((event) => event.title)).not.toEqual(session(8).map((event) => event.title));
  });

  it('publishes a few events an hour, more near the open and close than at lunch', () => {
    const events = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((seed) => session(seed));
    const perSessionHour = events.length / 8 / 6.25;
    expect(perSessionHour).toBeGreaterThan(2.5);
    expect(perSessionHour).toBeLessThan(7);
    const hourOf = (event: NewswireEvent) => Math.floor(sessionFraction(event.at) * 6.25);
    const firstHour = events.filter((event) => hourOf(event) === 0).length;
    const middleHour = events.filter((event) => hourOf(event) === 3).length;
    expect(firstHour).toBeGreaterThan(1.5 * middleHour);
  });

  it('names the company in its headline and moves only the stocks it names', () => {
    const events = session(11);
    const company = events.find((event) => event.symbol === 'INFY') ?? events.find((event) => event.symbol)!;
    expect(company.symbols).toEqual([company.symbol]);
    expect(company.title.length).toBeGreaterThan(10);
    const sector = [1, 2, 3, 4, 5].flatMap((seed) => session(seed)).find((event) => event.symbol === null)!;
    expect(sector.symbols.length).toBeGreaterThan(1);
    expect(
      sector.symbols.every(
        (symbol) => instruments.find((i) => i.symbol === symbol)!.sector === sector.sector,
      ),
    ).toBe(true);
  });

  it('moves the named stock by the event’s move over three minutes, through the simulator’s normal path', async () => {
    const clock = new MarketClock({ now: () => OPEN });
    const built = createSimulatedMarket({
      instruments: allInstruments(),
      clock,
      seed: 99,
      ticksPerSecond: 0,
      historySessions: 3,
      now: () => OPEN,
    });
    const options = {
      instruments: built.instruments,
      history: built.history,
      seed: 99,
      ticksPerSecond: 0,
      isTrading: () => true,
      sessionFraction,
      now: () => OPEN,
    };
    const withNews = new SimulatorProvider(options);
    const without = new SimulatorProvider({ ...options, newsEventsPerHour: 0 });
    const events: NewswireEvent[] = [];
    withNews.newswire.onEvent((event) => events.push(event));
    for (let second = 0; second <= 40 * 60; second += 10) {
      withNews.emit(10, OPEN + second * 1000);
      without.emit(10, OPEN + second * 1000);
    }
    const done = events.filter((event) => event.at + MOVE_SECONDS * 1000 <= OPEN + 40 * 60_000);
    expect(done.length).toBeGreaterThan(0);
    const [a, b] = [withNews, without].map(
      (simulator) => async (symbol: string) => (await simulator.latestQuotes([symbol]))[0]!.ltp,
    );
    // The newswire draws from its own random stream: without it the market is the same, so the ratio is the news.
    const expected = new Map<string, number>();
    for (const event of done)
      for (const symbol of event.symbols)
        expected.set(symbol, (expected.get(symbol) ?? 1) * (1 + event.move));
    for (const [symbol, factor] of expected) {
      const ratio = (await a!(symbol)) / (await b!(symbol));
      expect(ratio).toBeCloseTo(factor, 2);
    }
    const untouched = built.instruments.find((instrument) => !expected.has(instrument.symbol))!.symbol;
    expect(await a!(untouched)).toBe(await b!(untouched));
  });
});
