import type {
  AiRecommendation,
  AllocationSettings as AllocationSettingsView,
  allocationSaveRequestSchema,
  DailyAmountResponse,
} from '@td/contracts';
import type { z } from 'zod';
import { HttpError } from '../../../core/errors';
import type { AccountId, PaperLimits } from '../../../core/orders';
import type { SettingsRepository } from '../../../core/ports/repositories/settings';
import { formatRupeesForMessage as rupees } from '../../broker/limits';
import type { Signal } from '../../signals';
import { phaseForCapital } from '../phases';
import { minimumEconomicOrderPaise } from './charges-gate';
import { type DailyBudget, resolveDailyBudget } from './daily-budget';
import type { AllocationContext, AllocationSettings } from './loop-allocation';
import { MarketContext, type MarketContextSources } from './market-context';
import {
  allocationForLoop,
  checkAgainstAccount,
  DEFAULT_STORED_ALLOCATION,
  SETTINGS_KEY,
  type StoredAllocation,
} from './stored-allocation';

export const DATA_SOURCE_NOT_AVAILABLE = 'Data source not available';
export {
  DEFAULT_STORED_ALLOCATION,
  SETTINGS_KEY,
  type StoredAllocation,
} from './stored-allocation';

export interface AccountFigures {
  account: AccountId;
  equityPaise: number;
  cashPaise: number;
}

export interface AllocationServiceDeps {
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  /** The charges model entries are weighed with (the paper limits' rates). */
  chargeRates: () => PaperLimits;
  /** The account the trading mode names; throws (an HttpError 503) when its figures cannot be read. */
  account: () => AccountFigures;
  /** The trading loop's ranking now: the signals the next run decides on. */
  rank: (now: number) => Signal[];
  volatility: MarketContextSources['volatility'];
  drawdownPercent: MarketContextSources['drawdownPercent'];
  now: () => number;
}

const toRupees = (paise: number) => Math.round(paise) / 100;

/**
 * spec part 1 "Daily Investment Allocation": the trader's settings, persisted; what they mean for
 * today's budget on the account the trading mode names; and the AI recommendation. The loop reads
 * the same settings through loopSettings() on every run, so a save applies from its next run.
 */
export class AllocationService {
  private readonly market: MarketContext;

  constructor(private readonly deps: AllocationServiceDeps) {
    this.market = new MarketContext(deps);
  }

  stored(): StoredAllocation {
    return {
      ...DEFAULT_STORED_ALLOCATION,
      ...this.deps.settings.get<Partial<StoredAllocation>>(SETTINGS_KEY),
    };
  }

  /** The loop's view (paise), with the last measured market context; a stale context is refreshed for the next run. */
  loopSettings(): AllocationSettings {
    return allocationForLoop(this.stored(), this.market.current());
  }

  async settings(): Promise<AllocationSettingsView> {
    const figures = this.accountFigures();
    return this.view(this.stored(), figures, await this.market.fresh());
  }

  /** POST /api/allocation/save, the body validated by the shared schema: checked against the account, then kept. */
  async save(request: z.output<typeof allocationSaveRequestSchema>): Promise<AllocationSettingsView> {
    const figures = this.accountFigures();
    const current = this.stored();
    const next: StoredAllocation = {
      allocation_strategy: request.allocation_strategy,
      ai_enabled: request.ai_enabled,
      manual_allocation_pct: request.manual_allocation_pct,
      daily_amount: request.daily_amount,
      daily_risk_budget: request.daily_risk_budget,
      total_capital: request.total_capital ?? current.total_capital,
      max_round_trip_charges_pct: request.max_round_trip_charges_pct ?? current.max_round_trip_charges_pct,
    };
    checkAgainstAccount(next, figures.equityPaise);
    this.deps.settings.set(SETTINGS_KEY, next);
    return this.view(next, figures, await this.market.fresh());
  }

  /** POST /api/allocation/daily-amount: a fixed amount a day, or null to follow the percent again. */
  async setDailyAmount(amount: number | null): Promise<DailyAmountResponse> {
    const figures = this.accountFigures();
    const next = { ...this.stored(), daily_amount: amount };
    checkAgainstAccount(next, figures.equityPaise);
    this.deps.settings.set(SETTINGS_KEY, next);
    return this.dailyAmount();
  }

  async dailyAmount(): Promise<DailyAmountResponse> {
    const figures = this.accountFigures();
    const context = await this.market.fresh();
    const stored = this.stored();
    const today = this.budget(stored, figures, context);
    const all = {} as DailyAmountResponse['all_strategies'];
    for (const strategy of ['conservative', 'moderate', 'aggressive', 'ai_optimized'] as const) {
      const budget = this.budget(
        { ...stored, allocation_strategy: strategy, manual_allocation_pct: null, daily_amount: null },
        figures,
        context,
      );
      all[strategy] = { percentage: budget.percent, amount: toRupees(budget.budgetPaise) };
    }
    return { daily_amount: toRupees(today.budgetPaise), all_strategies: all, source: today.source };
  }

  /** GET /api/allocation/ai-recommendation: the same computation ai_optimized gives the loop. */
  async recommendation(): Promise<AiRecommendation> {
    const figures = this.accountFigures();
    const context = await this.market.fresh();
    const stored = this.stored();
    const budget = this.budget(
      { ...stored, allocation_strategy: 'ai_optimized', manual_allocation_pct: null, daily_amount: null },
      figures,
      context,
    );
    const ai = budget.ai!;
    const reasoning = [...ai.reasoning];
    if (budget.limitedByRisk) {
      reasoning.push(
        `The ${stored.daily_risk_budget} % daily risk budget (${rupees(budget.maxRiskPaise)} at the stop-losses) lowers it to ${rupees(budget.budgetPaise)}`,
      );
    }
    return {
      allocation_amount: toRupees(budget.budgetPaise),
      allocation_pct: budget.percent,
      confidence: ai.confidence,
      risk_assessment: ai.riskAssessment,
      reasoning,
      expected_opportunities: ai.expectedOpportunities,
      fallback: ai.fallback,
    };
  }

  private budget(stored: StoredAllocation, figures: AccountFigures, context: AllocationContext): DailyBudget {
    return resolveDailyBudget({
      settings: allocationForLoop(stored, context),
      equityPaise: figures.equityPaise,
      phase: phaseForCapital(Math.max(0, figures.equityPaise) / 100),
      signals: this.deps.rank(this.deps.now()),
    });
  }

  private view(
    stored: StoredAllocation,
    figures: AccountFigures,
    context: AllocationContext,
  ): AllocationSettingsView {
    const budget = this.budget(stored, figures, context);
    return {
      allocation_strategy: stored.allocation_strategy,
      ai_enabled: stored.ai_enabled,
      manual_allocation_pct: stored.manual_allocation_pct,
      daily_amount: stored.daily_amount,
      daily_risk_budget: stored.daily_risk_budget,
      total_capital: Math.floor(budget.capitalPaise / 100),
      portfolio_value: Math.round(figures.equityPaise / 100),
      available_cash: Math.floor(figures.cashPaise / 100),
      max_round_trip_charges_pct: stored.max_round_trip_charges_pct,
      effective: {
        daily_amount: toRupees(budget.budgetPaise),
        allocation_pct: budget.percent,
        source: budget.source,
        max_daily_risk: toRupees(budget.maxRiskPaise),
        capital: Math.floor(budget.capitalPaise / 100),
        min_entry_value: this.minEntryValue(stored),
      },
      account: figures.account,
    };
  }

  private minEntryValue(stored: StoredAllocation): number | null {
    const paise = minimumEconomicOrderPaise({
      rates: this.deps.chargeRates(),
      maxPercent: stored.max_round_trip_charges_pct,
    });
    return Number.isFinite(paise) ? Math.ceil(paise / 100) : null;
  }

  private accountFigures(): AccountFigures {
    try {
      return this.deps.account();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new HttpError(503, DATA_SOURCE_NOT_AVAILABLE, 'data_source_unavailable', { detail });
    }
  }
}
