import type { MarketScenario } from '@td/contracts';

/** What each scenario does, over its minutes (mock mode only; prices move through the normal tick path). */
export const SCENARIO_EFFECTS: Record<MarketScenario, { minutes: number; description: string }> = {
  crash: {
    minutes: 5,
    description: 'NIFTY 50 and every stock fall about 4 % over the scenario, on top of the usual noise.',
  },
  rally: {
    minutes: 5,
    description: 'NIFTY 50 and every stock rise about 4 % over the scenario, on top of the usual noise.',
  },
  volatility_spike: {
    minutes: 15,
    description: 'A market-wide shock of about 90 % annualised volatility is added to every move.',
  },
  feed_outage: {
    minutes: 5,
    description: 'The feed sends no ticks at all: prices freeze and the feed goes stale.',
  },
};

/** The crash's and the rally's total move (log return), spread evenly over the scenario. */
const TREND_MOVE = Math.log(1.04);
/** Annualised volatility of the spike's extra market shock (1-minute returns, 252 × 375 minutes a year). */
const SPIKE_VOLATILITY = 0.9;
const TRADING_YEAR_SECONDS = 252 * 6.25 * 3600;

export interface ActiveScenario {
  scenario: MarketScenario;
  startedAt: number;
  endsAt: number;
}

/**
 * The running scenario, as the simulator reads it on each step: a market-wide shift added to every
 * stock's log return (crash, rally, spike) or silence (outage). One at a time; a new one replaces it.
 */
export class MarketScenarios {
  private active: ActiveScenario | null = null;

  start(scenario: MarketScenario, now: number, minutes = SCENARIO_EFFECTS[scenario].minutes): ActiveScenario {
    this.active = { scenario, startedAt: now, endsAt: now + minutes * 60_000 };
    return { ...this.active };
  }

  current(now: number): ActiveScenario | null {
    if (this.active && now >= this.active.endsAt) this.active = null;
    return this.active ? { ...this.active } : null;
  }

  /** True while a feed outage runs: the simulator emits nothing. */
  silenced(now: number): boolean {
    return this.current(now)?.scenario === 'feed_outage';
  }

  /**
   * The market-wide log return to add over a step of `seconds` ending at `now` (only the part of
   * the step inside the scenario counts); `normal` draws a standard normal for the spike.
   */
  marketShift(seconds: number, now: number, normal: () => number): number {
    const active = this.active;
    if (!active || seconds <= 0 || now <= active.startedAt) return 0;
    const from = Math.max(active.startedAt, now - seconds * 1000);
    const inside = Math.max(0, Math.min(now, active.endsAt) - from) / 1000;
    if (inside === 0) return 0;
    const duration = (active.endsAt - active.startedAt) / 1000;
    switch (active.scenario) {
      case 'crash':
        return (-TREND_MOVE * inside) / duration;
      case 'rally':
        return (TREND_MOVE * inside) / duration;
      case 'volatility_spike':
        return SPIKE_VOLATILITY * Math.sqrt(inside / TRADING_YEAR_SECONDS) * normal();
      default:
        return 0;
    }
  }
}
