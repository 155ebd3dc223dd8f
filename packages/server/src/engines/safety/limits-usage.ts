import type { RiskAlertKind, RiskLimitsUpdate } from '@td/contracts';
import type { AccountSnapshot, LossPosition } from '../broker/limits';
import { percentText } from '../broker/limits/risk-limit-check';

/** A limit is "near" from this share of its value (issue 14: at ≥ 80 %). */
export const NEAR_LIMIT_SHARE = 0.8;

export interface LimitWarning {
  kind: RiskAlertKind;
  /** The limit or symbol it is about: one open alert per kind + subject. */
  subject: string;
  severity: 'high' | 'medium' | 'low';
  message: string;
  suggestedAction: string;
}

export interface LimitsUsage {
  dailyLoss: number;
  weeklyLoss: number;
  monthlyLoss: number;
  drawdown: number;
  largestStock: { symbol: string | null; percent: number };
  largestSector: { sector: string | null; percent: number };
  positionsCount: number;
  health: 'good' | 'warning' | 'critical';
  warnings: LimitWarning[];
}

/** Four decimals: a tiny limit (0.001 %) must still compare against its usage. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const pct = percentText;

/** Where the account stands against each limit, and the warnings true right now. */
export function limitsUsage(
  limits: RiskLimitsUpdate,
  losses: LossPosition,
  snapshot: AccountSnapshot,
  sectorOf: (symbol: string) => string | undefined,
): LimitsUsage {
  const capital = losses.capitalPaise;
  const ofCapital = (paise: number) => (capital > 0 ? (paise / capital) * 100 : 0);
  const equity = Math.max(0, snapshot.equityPaise);
  const stocks: [string, number][] = [];
  const sectors = new Map<string, number>();
  for (const [symbol, position] of snapshot.positions) {
    if (position.quantity <= 0) continue;
    stocks.push([symbol, position.marketValuePaise]);
    const sector = sectorOf(symbol) ?? 'Other';
    sectors.set(sector, (sectors.get(sector) ?? 0) + position.marketValuePaise);
  }
  const share = (paise: number) => (equity > 0 ? (paise / equity) * 100 : 0);
  const topStock = stocks.sort((a, b) => b[1] - a[1])[0];
  const topSector = [...sectors].sort((a, b) => b[1] - a[1])[0];
  const usage = {
    dailyLoss: round4(ofCapital(losses.dailyLossPaise)),
    weeklyLoss: round4(ofCapital(losses.weeklyLossPaise)),
    monthlyLoss: round4(ofCapital(losses.monthlyLossPaise)),
    drawdown: round4(losses.drawdownPercent),
    largestStock: { symbol: topStock?.[0] ?? null, percent: round4(share(topStock?.[1] ?? 0)) },
    largestSector: { sector: topSector?.[0] ?? null, percent: round4(share(topSector?.[1] ?? 0)) },
    positionsCount: stocks.length,
  };
  const warnings: LimitWarning[] = [];
  const lossChecks: [string, string, number, number][] = [
    ['daily_loss_limit', "Today's loss", usage.dailyLoss, limits.loss_limits.daily_loss_limit],
    ['weekly_loss_limit', "This week's loss", usage.weeklyLoss, limits.loss_limits.weekly_loss_limit],
    ['monthly_loss_limit', "This month's loss", usage.monthlyLoss, limits.loss_limits.monthly_loss_limit],
  ];
  for (const [subject, label, value, limit] of lossChecks) {
    if (value >= limit) {
      warnings.push({
        kind: 'limit_breached',
        subject,
        severity: 'high',
        message: `${label} is ${pct(value)} of capital, at or past its ${pct(limit)} limit: new buys are refused.`,
        suggestedAction: 'Review open positions; buys resume when the loss recovers or the limit is raised.',
      });
    } else if (value >= limit * NEAR_LIMIT_SHARE) {
      warnings.push({
        kind: 'limit_near',
        subject,
        severity: 'medium',
        message: `${label} is ${pct(value)} of capital, ${Math.round((value / limit) * 100)} % of its ${pct(limit)} limit.`,
        suggestedAction: 'Consider reducing exposure before the limit stops new buys.',
      });
    }
  }
  const drawdownLimit = limits.loss_limits.max_drawdown_limit;
  if (usage.drawdown >= drawdownLimit * NEAR_LIMIT_SHARE) {
    const breached = usage.drawdown >= drawdownLimit;
    warnings.push({
      kind: 'drawdown',
      subject: 'max_drawdown_limit',
      severity: breached ? 'high' : 'medium',
      message: `The portfolio is ${pct(usage.drawdown)} below its 30-day peak (limit ${pct(drawdownLimit)}).`,
      suggestedAction: breached
        ? 'New buys are refused; review the losing positions.'
        : 'Review the losing positions before the drawdown limit stops new buys.',
    });
  }
  const singleLimit = limits.position_limits.max_single_stock;
  for (const [symbol, value] of stocks) {
    const percent = share(value);
    if (percent > singleLimit) {
      warnings.push({
        kind: 'concentration',
        subject: symbol,
        severity: 'high',
        message: `${symbol} is ${pct(percent)} of equity, over the ${pct(singleLimit)} single-stock limit.`,
        suggestedAction: `Reduce ${symbol} below ${pct(singleLimit)} of equity.`,
      });
    } else if (percent >= singleLimit * NEAR_LIMIT_SHARE) {
      warnings.push({
        kind: 'limit_near',
        subject: `max_single_stock:${symbol}`,
        severity: 'low',
        message: `${symbol} is ${pct(percent)} of equity, near the ${pct(singleLimit)} single-stock limit.`,
        suggestedAction: `Further buys of ${symbol} may be refused.`,
      });
    }
  }
  const sectorLimit = limits.position_limits.max_sector_exposure;
  for (const [sector, value] of sectors) {
    const percent = share(value);
    if (percent > sectorLimit) {
      warnings.push({
        kind: 'concentration',
        subject: `sector:${sector}`,
        severity: 'high',
        message: `${sector} is ${pct(percent)} of equity, over the ${pct(sectorLimit)} sector limit.`,
        suggestedAction: `Reduce ${sector} holdings below ${pct(sectorLimit)} of equity.`,
      });
    }
  }
  const minimum = limits.position_limits.min_diversification;
  if (stocks.length > 0 && stocks.length < minimum) {
    warnings.push({
      kind: 'concentration',
      subject: 'min_diversification',
      severity: 'low',
      message: `${stocks.length} holding${stocks.length === 1 ? '' : 's'}, fewer than the ${minimum} the diversification minimum asks for.`,
      suggestedAction: 'Spread new buys over more stocks and sectors.',
    });
  }
  const health = warnings.some((w) => w.severity === 'high')
    ? 'critical'
    : warnings.some((w) => w.severity === 'medium')
      ? 'warning'
      : 'good';
  return { ...usage, health, warnings };
}
