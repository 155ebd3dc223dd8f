import type { RiskLimitsUpdate } from '@td/contracts';
import { HttpError } from '../../core/errors';

/**
 * Defaults, every one a percent of capital (drawdown: of the 30-day peak). Chosen to sit above the
 * loop's own sizing (1.5–4 % a day, spec part 1 §9) and the paper limits' ₹50,000 per position:
 * one order up to 10 %, a stock up to 20 % and a sector up to 40 % of equity (Financial Services
 * alone is about a third of NIFTY 50), at least 5 holdings; losses of 3 % a day (the spec's e-mail
 * threshold, part 2 §9), 6 % a week, 10 % a month, and a 15 % drawdown.
 */
export const DEFAULT_RISK_LIMITS: RiskLimitsUpdate = {
  position_limits: {
    max_position_size: 10,
    max_single_stock: 20,
    max_sector_exposure: 40,
    min_diversification: 5,
  },
  loss_limits: {
    daily_loss_limit: 3,
    weekly_loss_limit: 6,
    monthly_loss_limit: 10,
    max_drawdown_limit: 15,
  },
};

/** Limits that cannot all hold at once are refused (422) with the pair that contradicts. */
export function refuseContradictions(limits: RiskLimitsUpdate): void {
  const { position_limits: p, loss_limits: l } = limits;
  const pairs: [boolean, string][] = [
    [
      l.daily_loss_limit > l.weekly_loss_limit,
      `The daily loss limit (${l.daily_loss_limit} %) cannot be above the weekly one (${l.weekly_loss_limit} %): a week holds the day.`,
    ],
    [
      l.weekly_loss_limit > l.monthly_loss_limit,
      `The weekly loss limit (${l.weekly_loss_limit} %) cannot be above the monthly one (${l.monthly_loss_limit} %): a month holds the week.`,
    ],
    [
      l.daily_loss_limit > l.max_drawdown_limit,
      `The daily loss limit (${l.daily_loss_limit} %) cannot be above the maximum drawdown (${l.max_drawdown_limit} %): one day's loss is a drawdown.`,
    ],
    [
      p.max_position_size > p.max_single_stock,
      `The maximum position size (${p.max_position_size} %) cannot be above the single-stock limit (${p.max_single_stock} %): one order would break it.`,
    ],
    [
      p.max_single_stock > p.max_sector_exposure,
      `The single-stock limit (${p.max_single_stock} %) cannot be above the sector limit (${p.max_sector_exposure} %): a stock is part of its sector.`,
    ],
  ];
  for (const [contradicts, sentence] of pairs) {
    if (contradicts) throw new HttpError(422, sentence, 'contradictory_limits');
  }
}
