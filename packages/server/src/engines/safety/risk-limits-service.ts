import { type RiskLimits, type RiskLimitsUpdate, riskLimitsUpdateSchema } from '@td/contracts';
import type { AccountId } from '../../core/orders';
import type { SettingsRepository } from '../../core/ports/repositories/settings';
import {
  type AccountSnapshot,
  checkRiskLimits,
  type LossPosition,
  type OrderToCheck,
} from '../broker/limits';
import { type LimitsUsage, limitsUsage } from './limits-usage';
import type { LossWindows } from './loss-windows';
import { DEFAULT_RISK_LIMITS, refuseContradictions } from './risk-limits-defaults';

const SETTINGS_KEY = 'risk.limits';

export interface RiskLimitsServiceOptions {
  settings: SettingsRepository;
  lossWindows: LossWindows;
  /** The money put into the account (paper) or the day's opening equity (live), paise. */
  capitalPaise(account: AccountId): number;
  sectorOf(symbol: string): string | undefined;
}

const rupees = (paise: number) => Math.round(paise) / 100;

/** The trader's risk limits (spec part 1 §3 "Risk limits"): kept in settings, checked before every order. */
export class RiskLimitsService {
  private cached: RiskLimitsUpdate | null = null;

  constructor(private readonly options: RiskLimitsServiceOptions) {}

  limits(): RiskLimitsUpdate {
    if (!this.cached) {
      const stored = this.options.settings.get<unknown>(SETTINGS_KEY);
      const parsed = stored === undefined ? null : riskLimitsUpdateSchema.safeParse(stored);
      this.cached = parsed?.success ? parsed.data : DEFAULT_RISK_LIMITS;
    }
    return this.cached;
  }

  /** Validated by the route's schema; contradictions are refused here (422). */
  save(update: RiskLimitsUpdate): RiskLimitsUpdate {
    refuseContradictions(update);
    this.options.settings.set(SETTINGS_KEY, update);
    this.cached = update;
    return update;
  }

  lossPosition(account: AccountId, snapshot: AccountSnapshot): LossPosition {
    const baselines = this.options.lossWindows.baselines(account);
    const equity = snapshot.equityPaise;
    const lossFrom = (baseline: number | null) => (baseline === null ? 0 : Math.max(0, baseline - equity));
    const dailyLoss = Math.max(0, -snapshot.dayPnlPaise);
    const peak = Math.max(baselines.peakPaise ?? equity, equity);
    return {
      capitalPaise: this.options.capitalPaise(account),
      dailyLossPaise: dailyLoss,
      // A window never shows less loss than the day inside it (the day may have opened before the window's first record).
      weeklyLossPaise: Math.max(dailyLoss, lossFrom(baselines.weekPaise)),
      monthlyLossPaise: Math.max(dailyLoss, lossFrom(baselines.monthPaise)),
      drawdownPercent: peak > 0 ? ((peak - equity) / peak) * 100 : 0,
    };
  }

  /** The order gate's second question: the limit this buy would break, or null. */
  riskRefusal(account: AccountId, order: OrderToCheck, snapshot: AccountSnapshot): string | null {
    if (order.side === 'SELL') return null;
    const flat = { ...this.limits().position_limits, ...this.limits().loss_limits };
    return checkRiskLimits({
      order,
      account: snapshot,
      limits: flat,
      losses: this.lossPosition(account, snapshot),
      sectorOf: this.options.sectorOf,
    });
  }

  usage(account: AccountId, snapshot: AccountSnapshot): LimitsUsage {
    return limitsUsage(this.limits(), this.lossPosition(account, snapshot), snapshot, this.options.sectorOf);
  }

  /** GET /api/risk/limits without ml_recommendations (the safety service adds them). */
  report(account: AccountId, snapshot: AccountSnapshot): Omit<RiskLimits, 'ml_recommendations'> {
    const limits = this.limits();
    const losses = this.lossPosition(account, snapshot);
    const usage = this.usage(account, snapshot);
    const capital = losses.capitalPaise;
    const equity = snapshot.equityPaise;
    const peak = equity / (1 - usage.drawdown / 100 || 1);
    const of = (base: number, percent: number) => rupees((base * percent) / 100);
    return {
      unit: 'percent_of_capital',
      capital: rupees(capital),
      equity: rupees(equity),
      position_limits: limits.position_limits,
      loss_limits: limits.loss_limits,
      limits_in_rupees: {
        max_position_size: of(capital, limits.position_limits.max_position_size),
        max_single_stock: of(equity, limits.position_limits.max_single_stock),
        max_sector_exposure: of(equity, limits.position_limits.max_sector_exposure),
        daily_loss_limit: of(capital, limits.loss_limits.daily_loss_limit),
        weekly_loss_limit: of(capital, limits.loss_limits.weekly_loss_limit),
        monthly_loss_limit: of(capital, limits.loss_limits.monthly_loss_limit),
        max_drawdown_limit: of(peak, limits.loss_limits.max_drawdown_limit),
      },
      usage: {
        daily_loss: usage.dailyLoss,
        weekly_loss: usage.weeklyLoss,
        monthly_loss: usage.monthlyLoss,
        drawdown: usage.drawdown,
        largest_stock: usage.largestStock,
        largest_sector: usage.largestSector,
        positions_count: usage.positionsCount,
      },
      current_status: { portfolio_health: usage.health, warnings: usage.warnings.map((w) => w.message) },
      defaults: DEFAULT_RISK_LIMITS,
    };
  }
}
