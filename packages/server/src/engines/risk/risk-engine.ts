import { type PositionRiskList, RISK_SHARPE_PERIOD, type RiskMetrics, type TradingMode } from '@td/contracts';
import type { AccountId, Position } from '../../core/orders';
import type { PerformanceAnalyticsService } from '../analytics/performance-analytics-service';
import type { MarketDataService } from '../market/market-data-service';
import { phaseForCapital } from '../strategy';
import { DailyHistorySource } from './daily-history-source';
import { portfolioFigures } from './portfolio-figures';
import { type PositionFigures, positionFigures } from './position-figures';
import type { DailyHistory } from './return-series';
import { type AccountFigures, positionRisk, type ReportLabel, riskMetrics } from './risk-report';

/** The route's 503: the sentence is the screen's. */
export class RiskUnavailableError extends Error {}

export const NO_PRICES_MESSAGE =
  'Risk figures need market prices; the market data engine has none yet. Try again in a minute.';

export interface RiskEngineDeps {
  market: MarketDataService;
  /** The account the trading mode names, its open positions and its equity (cash + holdings), paise. */
  account(): AccountId;
  positions(account: AccountId): Position[];
  equityPaise(account: AccountId): number;
  /** The account's performance figures (the same engine as /api/performance). */
  performance: Pick<PerformanceAnalyticsService, 'analytics' | 'ready'>;
  mode(): TradingMode;
  now(): number;
  /** The trader's saved single-stock limit (Risk limits), percent of equity; absent: the phase's cap. */
  singleStockLimitPercent?(): number | null;
}

interface Snapshot {
  positions: PositionFigures[];
  equityPaise: number;
  label: ReportLabel;
  history: DailyHistory;
}

/**
 * spec part 1 §2 "Risk Management": the risk of the positions the trading mode's account holds now,
 * replayed over the past sessions' daily closes the market engine serves, and the account's own
 * trailing-month drawdown and return and trailing-quarter Sharpe (decision 0061) from the performance engine.
 */
export class RiskEngine {
  private readonly closes: DailyHistorySource;

  constructor(private readonly deps: RiskEngineDeps) {
    this.closes = new DailyHistorySource(deps.market, deps.now);
  }

  async metrics(): Promise<RiskMetrics> {
    const snapshot = await this.snapshot();
    // The account's history rebuilt in slices first, so the figures below read it without a long stall.
    await this.deps.performance.ready();
    const account = this.deps.performance.analytics({ period: 'month' });
    // A month holds at most ~23 sessions, under the 30 returns an annualised ratio needs (decision 0059).
    const sharpe = this.deps.performance.analytics({ period: RISK_SHARPE_PERIOD });
    const figures: AccountFigures = {
      maxDrawdownPercent: account.max_drawdown,
      maxDrawdownRupees: account.max_drawdown_amount,
      returnPercent: account.total_return_percent,
      returnRupees: account.total_return,
      from: account.from,
      to: account.to,
      sharpe: {
        ratio: sharpe.sharpe_ratio,
        note: sharpe.ratios_note,
        period: RISK_SHARPE_PERIOD,
        from: sharpe.from,
        to: sharpe.to,
      },
    };
    const label = account.source.simulated
      ? { ...snapshot.label, source: 'simulated' as const }
      : snapshot.label;
    return riskMetrics(
      snapshot.positions,
      portfolioFigures(snapshot.positions, snapshot.history),
      figures,
      snapshot.equityPaise,
      label,
    );
  }

  async positions(): Promise<PositionRiskList> {
    const snapshot = await this.snapshot();
    return {
      positions: snapshot.positions.map(positionRisk),
      account: snapshot.label.account,
      source: snapshot.label.source,
      as_of: snapshot.label.asOf,
    };
  }

  private async snapshot(): Promise<Snapshot> {
    const { market } = this.deps;
    const feed = market.activeProvider.health();
    if (!feed.connected || market.lastPrices().size === 0) throw new RiskUnavailableError(feed.message);
    const account = this.deps.account();
    const held = this.deps.positions(account).filter((position) => position.quantity > 0);
    const equityPaise = this.deps.equityPaise(account);
    const history = await this.closes.read(held.map((position) => position.symbol));
    const phase = phaseForCapital(Math.max(0, equityPaise) / 100);
    const mode = this.deps.mode();
    return {
      positions: positionFigures({
        positions: held,
        price: (symbol) => market.lastPrice(symbol),
        history,
        equityPaise,
        phase: { name: phase.name, maxPositionPercent: phase.maxPositionPercent },
        singleStockLimitPercent: this.deps.singleStockLimitPercent?.() ?? null,
      }),
      equityPaise,
      history,
      label: {
        account,
        source: mode === 'mock' || feed.source === 'simulator' ? 'simulated' : 'real',
        asOf: new Date(this.deps.now()).toISOString(),
      },
    };
  }
}
