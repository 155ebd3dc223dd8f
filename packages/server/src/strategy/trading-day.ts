import { formatRupeesForMessage as rupees } from '../broker/limits';
import type { IstDate } from '../market/calendar';
import { dailyBudget } from './allocation';
import type { TradingPhase } from './phases';
import type { AllocationSettings } from './trading-venue';

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
  private confidenceSum = 0;
  private confidenceCount = 0;

  constructor(
    /** null: a preview before the day's first run. */
    readonly date: IstDate | null,
    readonly startEquityPaise: number,
  ) {}

  /** Feeds ai_optimized: the average confidence of the BUY signals seen so far today. */
  noteBuyConfidences(confidences: readonly number[]): void {
    for (const confidence of confidences) {
      this.confidenceSum += confidence;
      this.confidenceCount += 1;
    }
  }

  averageBuyConfidence(): number {
    return this.confidenceCount === 0 ? 0 : this.confidenceSum / this.confidenceCount;
  }

  budgetPaise(settings: AllocationSettings): number {
    return dailyBudget(
      this.startEquityPaise,
      settings.strategy,
      settings.manualPct,
      this.averageBuyConfidence(),
    );
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
