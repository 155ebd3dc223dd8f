import { hashString, type SeededRandom } from './seeded-random';

export interface ModelInstrument {
  symbol: string;
  sector: string;
}

export type Regime = 'calm' | 'normal' | 'volatile';

/** How much each regime scales volatility, and how likely it is to leave per trading hour. */
const REGIMES: Record<Regime, { volatility: number; exitPerHour: number }> = {
  calm: { volatility: 0.65, exitPerHour: 0.08 },
  normal: { volatility: 1, exitPerHour: 0.05 },
  volatile: { volatility: 1.9, exitPerHour: 0.25 },
};

/** Seconds in a trading year: 252 sessions of 6 h 15 min. */
export const TRADING_YEAR_SECONDS = 252 * 6.25 * 3600;

/**
 * Correlated log-returns: each stock moves with the market, its sector and its own noise, in a
 * volatility regime that switches now and then (a Markov chain). Stated parameters, not magic:
 * 55 % of variance from the market, 20 % from the sector, the rest idiosyncratic; annual volatility
 * 18–38 % per stock, fixed by its symbol.
 */
export class FactorModel {
  readonly regimeHistory: { regime: Regime; since: number }[] = [];
  private regime: Regime = 'normal';
  private readonly sectors: string[];
  private readonly sectorIndex: Int32Array;
  private readonly volatility: Float64Array;
  private readonly sectorShocks: Float64Array;
  readonly returns: Float64Array;

  constructor(
    readonly instruments: readonly ModelInstrument[],
    private readonly random: SeededRandom,
    private readonly marketShare = 0.55,
    private readonly sectorShare = 0.2,
    private readonly drift = 0.08,
  ) {
    this.sectors = [...new Set(instruments.map((instrument) => instrument.sector))];
    this.sectorIndex = Int32Array.from(instruments, (instrument) => this.sectors.indexOf(instrument.sector));
    this.volatility = Float64Array.from(
      instruments,
      (instrument) => 0.18 + (hashString(instrument.symbol) % 2000) / 10000,
    );
    this.sectorShocks = new Float64Array(this.sectors.length);
    this.returns = new Float64Array(instruments.length);
  }

  get currentRegime(): Regime {
    return this.regime;
  }

  /** Advances every stock by `seconds` of trading time; the log-returns land in `this.returns`. */
  step(seconds: number, now = 0): Float64Array {
    this.maybeSwitchRegime(seconds, now);
    const dt = seconds / TRADING_YEAR_SECONDS;
    const sqrtDt = Math.sqrt(dt);
    const regimeVol = REGIMES[this.regime].volatility;
    const market = this.random.normal();
    for (let s = 0; s < this.sectorShocks.length; s++) this.sectorShocks[s] = this.random.normal();
    const m = Math.sqrt(this.marketShare);
    const k = Math.sqrt(this.sectorShare);
    const own = Math.sqrt(1 - this.marketShare - this.sectorShare);
    for (let i = 0; i < this.returns.length; i++) {
      const sigma = this.volatility[i]! * regimeVol;
      const shock = m * market + k * this.sectorShocks[this.sectorIndex[i]!]! + own * this.random.normal();
      this.returns[i] = (this.drift - 0.5 * sigma * sigma) * dt + sigma * sqrtDt * shock;
    }
    return this.returns;
  }

  private maybeSwitchRegime(seconds: number, now: number): void {
    const exit = 1 - (1 - REGIMES[this.regime].exitPerHour) ** (seconds / 3600);
    if (this.random.next() >= exit) return;
    const choices = (Object.keys(REGIMES) as Regime[]).filter((regime) => regime !== this.regime);
    this.regime = choices[this.random.int(0, choices.length - 1)]!;
    this.regimeHistory.push({ regime: this.regime, since: now });
    if (this.regimeHistory.length > 100) this.regimeHistory.shift();
  }
}

/** NSE quotes move in ticks of ₹0.05: prices are kept in paise, multiples of 5. */
export const TICK_PAISE = 5;
export function roundToTick(paise: number): number {
  return Math.max(TICK_PAISE, Math.round(paise / TICK_PAISE) * TICK_PAISE);
}

/** U-shaped intraday activity: busy at the open and the close, quiet at lunch (1 at the quietest). */
export function intradayIntensity(fractionOfSession: number): number {
  const x = Math.min(1, Math.max(0, fractionOfSession)) * 2 - 1;
  return 1 + 2.5 * x * x;
}
