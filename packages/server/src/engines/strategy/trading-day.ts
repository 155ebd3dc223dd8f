import { formatRupeesForMessage as rupees } from '../broker/limits';
import type { IstDate } from '../market/calendar';
import type { Signal } from '../signals';
import { type DailyBudget, resolveDailyBudget } from './allocation';
import type { AllocationSettings } from './allocation/loop-allocation';
import { phaseForCapital, type TradingPhase } from './phases';

/**
 * One IST trading day's bookkeeping: the capital the budget is based on (equity at the day's
 * first run, so the budget does not shrink as money is invested), what has been spent, counts,
 * and whether the daily loss limit has halted new entries.
 */
export class TradingDay {
  budgetUsedPaise = 0;
  ordersPlaced = 0;
  ordersRejected = 0;
  /** Set once the day's loss reaches the phase limit; stays set until the next day. */
  haltedReason: string | null = null;
  /** The latest run's ranking: ai_optimized sizes the day from it. */
  private signals: readonly Signal[] = [];

  constructor(
    /** null: a preview before the day's first run. */
    readonly date: IstDate | null,
    readonly startEquityPaise: number,
    /** A backtest's minimum confidence and stop-loss (TradingLoopOptions.phaseOverrides): the budget's too. */
    private readonly phaseOverrides?: Partial<
      Pick<TradingPhase, 'minMLConfidence' | 'emergencyStopLossPercent'>
    >,
  ) {}

  noteSignals(signals: readonly Signal[]): void {
    this.signals = signals;
  }

  /** The day's budget under the settings as they are now, on the equity the day started with. */
  budget(settings: AllocationSettings): DailyBudget {
    const equity = Math.max(0, this.startEquityPaise);
    return resolveDailyBudget({
      settings,
      equityPaise: equity,
      phase: { ...phaseForCapital(equity / 100), ...this.phaseOverrides },
      signals: this.signals,
    });
  }

  budgetPaise(settings: AllocationSettings): number {
    return this.budget(settings).budgetPaise;
  }

  budgetLeftPaise(settings: AllocationSettings): number {
    return Math.max(0, this.budgetPaise(settings) - this.budgetUsedPaise);
  }

  /** The day's part of the loop's state. */
  summary(settings: AllocationSettings) {
    return {
      day: this.date,
      ordersPlacedToday: this.ordersPlaced,
      ordersRejectedToday: this.ordersRejected,
      budgetPaise: this.budgetPaise(settings),
      budgetUsedPaise: this.budgetUsedPaise,
      budgetLeftPaise: this.budgetLeftPaise(settings),
      haltedReason: this.haltedReason,
    };
  }

  /**
   * Halts entries for the rest of the day once the loss reaches the phase's share of equity —
   * the same test as the paper broker's phase check, so the loop stops before the broker refuses.
   */
  checkDailyLoss(dayPnlPaise: number, equityPaise: number, phase: TradingPhase): string | null {
    if (this.haltedReason) return this.haltedReason;
    const loss = Math.max(0, -dayPnlPaise);
    if (loss === 0) return null;
    const basisPoints = Math.round(phase.maxDailyLossPercent * 100);
    if (loss * 10_000 >= Math.max(0, equityPaise) * basisPoints) {
      this.haltedReason = `today's loss of ${rupees(loss)} reached the ${phase.name} phase's daily limit of ${phase.maxDailyLossPercent} % of equity; no new positions until tomorrow`;
    }
    return this.haltedReason;
  }
}
