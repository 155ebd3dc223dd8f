import type {
  HaltState,
  MarketScenario,
  RiskAlert,
  RiskLimits,
  SafetyStreamMessage,
  ScenarioState,
  TradingMode,
} from '@td/contracts';
import type { Logger } from 'pino';
import { HttpError } from '../../core/errors';
import { accountForMode } from '../../core/mode';
import type { AccountId } from '../../core/orders';
import type { HaltRecord } from '../../core/ports/repositories/halts';
import type { AccountSnapshot, OrderGate } from '../broker/limits';
import type { MarketDataService } from '../market/market-data-service';
import { SCENARIO_EFFECTS } from '../market/simulator/market-scenarios';
import type { AlertDraft, AlertStore } from './alert-store';
import type { MarketWatch } from './market-watch';
import { type EngineRiskScore, mlRecommendations } from './ml-recommendations';
import type { NotificationSettingsStore } from './notification-settings';
import type { RiskLimitsService } from './risk-limits-service';
import { SafetyAlerts } from './safety-alerts';
import type { SafetyMailer } from './safety-mailer';
import type { TradingHalt } from './trading-halt';

/** How often the engine samples NIFTY, reads the breakers and re-evaluates the alerts. */
export const SAFETY_TICK_MS = 5000;

export interface SafetyServiceParts {
  halt: TradingHalt;
  limits: RiskLimitsService;
  alerts: AlertStore;
  notifications: NotificationSettingsStore;
  mailer: SafetyMailer;
  watch: MarketWatch;
  market: MarketDataService;
  logger: Logger;
  now: () => number;
  mode: () => TradingMode;
  /** The account the mode trades, as the limits read it; null while the live account is not synced. */
  snapshot(account: AccountId): AccountSnapshot | null;
  /** The Upstox token's expiry, epoch ms; null without a session. */
  tokenExpiry(): number | null;
  publish(message: SafetyStreamMessage): void;
}

/**
 * The safety engine: owns its timer (start/stop), reads the circuit breakers and the alert
 * conditions on each tick (safety-alerts.ts), and is the order gate every broker asks (the halt, then the risk limits).
 */
export class SafetyService implements OrderGate {
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly alertEvaluation: SafetyAlerts;

  constructor(readonly parts: SafetyServiceParts) {
    this.alertEvaluation = new SafetyAlerts(parts);
  }

  haltRefusal(order: { side: 'BUY' | 'SELL'; symbol: string }): string | null {
    return this.parts.halt.haltRefusal(order);
  }

  riskRefusal(...args: Parameters<OrderGate['riskRefusal']>): string | null {
    return this.parts.limits.riskRefusal(...args);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.tick();
      } catch (error) {
        this.parts.logger.error({ err: error, timer: 'safety' }, 'safety tick failed');
      }
    }, SAFETY_TICK_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass: sample the market, trip a breaker if one says so, refresh the alerts. */
  tick(now = this.parts.now()): void {
    const { watch, halt } = this.parts;
    watch.sample(now);
    if (!halt.isHalted() && watch.measurable(now)) {
      const tripped = watch.readings(now).find((reading) => reading.tripped);
      if (tripped) this.trip(tripped.breaker, tripped.detail);
    }
    this.evaluateAlerts(now);
  }

  haltState(): HaltState {
    return this.parts.halt.state();
  }

  emergencyStop(reason: string, closePositions: boolean, by: string): HaltState {
    try {
      return this.parts.halt.stop({ reason, closePositions, by, source: 'manual' });
    } catch (error) {
      // The reply says only that nothing was kept; the store's own failure goes to the log.
      if (error instanceof HttpError && error.code === 'halt_not_recorded') {
        this.parts.logger.error({ err: error.cause, by }, 'Emergency Stop could not be recorded');
      }
      throw error;
    }
  }

  resume(by: string, reason: string | null): HaltState {
    return this.parts.halt.resume(by, reason);
  }

  /** A halt changed on another instance: the gate, the loops and this instance's banner follow it. */
  adoptHalt(record: HaltRecord | null): HaltState {
    const state = this.parts.halt.adopt(record);
    this.parts.publish({ kind: 'halt', halt: state });
    return state;
  }

  /** The bus lost messages: the stored halt is the truth. */
  reloadHalt(): HaltState {
    const state = this.parts.halt.reload();
    this.parts.publish({ kind: 'halt', halt: state });
    return state;
  }

  /** A circuit breaker's trip: a halt (orders cancelled, positions kept), an alert and an e-mail. */
  trip(breaker: 'volatility' | 'market_drop' | 'liquidity', detail: string): HaltState {
    const state = this.parts.halt.stop({
      reason: `Circuit breaker: ${detail}.`,
      closePositions: false,
      by: 'circuit breaker',
      source: 'circuit_breaker',
      breaker,
    });
    this.raise({
      kind: 'circuit_breaker',
      subject: breaker,
      severity: 'high',
      message: `Trading halted by a circuit breaker: ${detail}.`,
      suggestedAction: 'Review the market; resume trading from the TRADING HALTED banner when it is safe.',
      actionRequired: true,
    });
    this.email('breaker_trip', 'Trading halted by a circuit breaker', `${detail}.\n\n${state.refusal ?? ''}`);
    return state;
  }

  /**
   * Called by the halt on every change, inside the halt's unit: keeps the halt's alert in step and
   * returns the stream messages to send once that unit has committed. A breaker's halt has its own
   * alert (raised by `trip`, naming the breaker and its figure), so only a manual Emergency Stop
   * raises the halt alert: one stop, one alert.
   */
  onHaltChange(state: HaltState): () => void {
    const messages: SafetyStreamMessage[] = [{ kind: 'halt', halt: state }];
    if (state.halted) {
      if (state.source !== 'circuit_breaker') {
        const { alert, created } = this.parts.alerts.raise({
          kind: 'halt',
          subject: 'trading',
          severity: 'high',
          message: state.refusal ?? 'Trading is halted.',
          suggestedAction: 'Resume trading from the TRADING HALTED banner once the reason is dealt with.',
          actionRequired: true,
        });
        if (created) messages.push({ kind: 'alert', alert });
      }
    } else {
      this.parts.alerts.resolveAllBut(['halt', 'circuit_breaker'], []);
    }
    return () => {
      for (const message of messages) this.parts.publish(message);
    };
  }

  alerts(): RiskAlert[] {
    this.evaluateAlerts(this.parts.now());
    return this.parts.alerts.list();
  }

  acknowledge(id: number): RiskAlert {
    return this.parts.alerts.acknowledge(id);
  }

  /** GET /api/risk/limits; `engine` is the risk engine's score when it could compute one. */
  riskLimits(engine: EngineRiskScore | null = null): RiskLimits {
    const account = this.account();
    const report = this.parts.limits.report(account, this.requireSnapshot(account));
    const now = this.parts.now();
    return {
      ...report,
      ml_recommendations: mlRecommendations({
        engine,
        niftyVolatility: this.parts.watch.volatility(now),
        report,
        nextReview: this.parts.market.clock.nextOpen(now) ?? now + 86_400_000,
      }),
    };
  }

  startScenario(scenario: MarketScenario, minutes: number | undefined): ScenarioState {
    if (this.parts.mode() !== 'mock') {
      throw new HttpError(
        409,
        'Market scenarios run only in mock mode, on the simulator; switch to mock mode first.',
        'not_mock_mode',
      );
    }
    this.parts.market.simulator.scenarios.start(scenario, this.parts.now(), minutes);
    return this.scenarioState();
  }

  scenarioState(): ScenarioState {
    const active = this.parts.market.simulator.scenarios.current(this.parts.now());
    return {
      scenario: active?.scenario ?? null,
      description: active ? SCENARIO_EFFECTS[active.scenario].description : null,
      started_at: active ? new Date(active.startedAt).toISOString() : null,
      ends_at: active ? new Date(active.endsAt).toISOString() : null,
    };
  }

  /** The seam for the ML service: call when its confidence drops markedly (spec part 2 §9). */
  notifyMlConfidenceDrop(detail: string): void {
    this.email('ml_confidence', 'ML confidence dropped', detail);
  }

  private account(): AccountId {
    return accountForMode(this.parts.mode());
  }

  private requireSnapshot(account: AccountId): AccountSnapshot {
    const snapshot = this.parts.snapshot(account);
    if (!snapshot) {
      throw new HttpError(
        503,
        'The live account has not synced with Upstox yet; the limits need its positions.',
        'live_not_synced',
      );
    }
    return snapshot;
  }

  private evaluateAlerts(now: number): void {
    this.alertEvaluation.evaluate(this.account(), now);
  }

  private raise(draft: AlertDraft): void {
    this.alertEvaluation.raise(draft);
  }

  private email(kind: 'breaker_trip' | 'daily_loss' | 'ml_confidence', subject: string, text: string): void {
    this.alertEvaluation.email(kind, subject, text);
  }
}
