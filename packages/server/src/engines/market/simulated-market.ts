import type { MarketClock } from './calendar';
import { istDateOf } from './calendar';
import type { InstrumentSeed } from './instruments';
import { HistoryGenerator, type HistoryInstrument } from './simulator/history-generator';
import { SimulatorProvider } from './simulator/simulator-provider';

export interface SimulatedMarketOptions {
  instruments: readonly InstrumentSeed[];
  clock: MarketClock;
  seed: number;
  ticksPerSecond: number;
  historySessions: number;
  now?: () => number;
}

/**
 * Typical shares per quiet minute, from the stock's weight in the market: a NIFTY heavyweight
 * trades ₹1,000+ crore a day, a small member a few hundred crore (stated assumption, not data).
 */
export function baseMinuteVolume(instrument: InstrumentSeed): number {
  const weight = Math.max(...Object.values(instrument.indexWeights), 0);
  const dailyValueRupees = (200 + 8000 * weight) * 1e7;
  const sharesPerDay = dailyValueRupees / instrument.referencePrice;
  // 375 minutes; the U-shaped curve averages about 1.83 times its quietest level.
  return Math.max(10, Math.round(sharesPerDay / (375 * 1.83)));
}

/**
 * The generated past sessions alone, for a thread of its own (the backtest worker): the same
 * instruments, seed and dates give the same bars as the market's own history.
 */
export function simulatedHistory(
  options: Pick<SimulatedMarketOptions, 'instruments' | 'clock' | 'seed'> & { dates: readonly string[] },
): HistoryGenerator {
  return new HistoryGenerator(
    historyInstruments(options.instruments),
    options.dates,
    (date) => options.clock.sessionBounds(date)?.open ?? Date.parse(`${date}T03:45:00Z`),
    options.seed,
  );
}

function historyInstruments(instruments: readonly InstrumentSeed[]): HistoryInstrument[] {
  return instruments.map((instrument) => ({
    symbol: instrument.symbol,
    sector: instrument.sector,
    referencePrice: Math.round(instrument.referencePrice * 100),
    baseMinuteVolume: baseMinuteVolume(instrument),
  }));
}

/** Builds the offline market: generated history for the past sessions, then the live simulator. */
export function createSimulatedMarket(options: SimulatedMarketOptions) {
  const now = options.now ?? Date.now;
  const instruments = historyInstruments(options.instruments);
  const dates = options.clock.previousTradingDays(options.historySessions, now());
  const history = simulatedHistory({ ...options, dates });
  const sessionFraction = (ts: number) => {
    const bounds = options.clock.sessionBounds(istDateOf(ts));
    if (!bounds) return 0.5;
    return (ts - bounds.open) / (bounds.close - bounds.open);
  };
  const simulator = new SimulatorProvider({
    instruments,
    history,
    seed: options.seed,
    ticksPerSecond: options.ticksPerSecond,
    isTrading: (ts) => options.clock.isOpen(ts),
    sessionFraction,
    now,
  });
  return { simulator, history, instruments };
}
