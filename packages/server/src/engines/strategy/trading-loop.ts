import { type AccountId, DEFAULT_PAPER_LIMITS } from '../../core/orders';
import { type LoopLogger, SILENT_LOGGER } from '../../core/ports/trading-venue';
import { runToEnd, type Steps } from '../../core/time-slices';
import { defaultEnsemble, rankInSteps, type Signal, type SignalSource } from '../signals';
import { DEFAULT_ALLOCATION_STRATEGY, DEFAULT_MAX_ROUND_TRIP_CHARGES_PCT } from './allocation';
import type { AllocationSettings } from './allocation/loop-allocation';
import { EXIT_RULES, type ExitRules, isPastSessionEnd, planExits } from './exits';
import { exitReason, signalReason } from './loop-journal';
import { LoopOrders } from './loop-orders';
import { emptyReport, LoopRecord, type RunReport, type TradingLoopState } from './loop-status';
import { phaseForCapital, type TradingPhase } from './phases';
import { planEntries } from './plan-entries';
import { planSignalExits } from './signal-exits';
import { TradingDay } from './trading-day';
import type { TradingLoopOptions } from './trading-loop-options';

export type { TradingLoopOptions } from './trading-loop-options';

const DEFAULT_INTERVAL_MS = 60_000;
const DEFAULT_ENTRY_SLICES = 4;
const PENDING_REASON = 'an order for it is still pending: no other until it fills or ends';
const MARKET_CLOSED = 'market closed: no orders until it opens';

/**
 * The automated trading loop: on each run while the market is open it ranks the universe, sells
 * what hit a stop, target or session end, sells what its source now says to exit, then buys the
 * best BUY signals within the day's budget and the phase's caps. Every order names its strategy.
 */
export class TradingLoop {
  private readonly source: SignalSource;
  private readonly allocation: () => AllocationSettings;
  private readonly account: AccountId;
  private readonly intervalMs: number;
  private readonly entrySlices: number;
  private readonly now: () => number;
  private readonly log: LoopLogger;
  private readonly exitRules: ExitRules;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private nextRunAt: number | null = null;
  private today: TradingDay | null = null;
  private readonly record = new LoopRecord();
  private readonly orders: LoopOrders;

  constructor(private readonly options: TradingLoopOptions) {
    this.source = options.source ?? defaultEnsemble();
    this.allocation = options.allocation ?? (() => ({ strategy: DEFAULT_ALLOCATION_STRATEGY }));
    this.account = options.account ?? 'paper';
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.entrySlices = Math.max(1, options.entrySlices ?? DEFAULT_ENTRY_SLICES);
    this.now = options.now ?? Date.now;
    this.log = options.log ?? SILENT_LOGGER;
    this.exitRules = options.exitRules ?? EXIT_RULES;
    this.orders = new LoopOrders({
      venue: options.venue,
      account: this.account,
      strategy: () => this.source.name,
      simulatedReplay: options.simulatedReplay,
      record: this.record,
      today: () => this.today!,
      log: this.log,
    });
  }

  /** The name its orders carry as their strategy. */
  get strategy(): string {
    return this.source.name;
  }

  /** The source's ranking of the universe at `now`: what a run decides on, and what research shows. */
  rank(now: number): Signal[] {
    return this.source.rank(this.options.universe(), now);
  }

  /** Runs at once (a start is when a trader looks), then every interval until stopped. */
  start(): void {
    if (this.timer) return;
    this.schedule(0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextRunAt = null;
  }

  private schedule(delayMs: number): void {
    this.nextRunAt = this.now() + delayMs;
    this.timer = setTimeout(() => {
      this.runOnce(this.now());
      if (this.timer) this.schedule(this.intervalMs);
    }, delayMs);
    // The loop must never keep the process alive on its own: shutdown stops it, or exit does.
    this.timer.unref?.();
  }

  /** `running` and `nextRunAt` are the scheduler's: the live loop runs this loop from its own timer. */
  state(scheduler: { running: boolean; nextRunAt: number | null } = this.scheduler()): TradingLoopState {
    // Before the day's first run, preview the budget on the equity as it stands.
    const day =
      this.today ?? new TradingDay(null, this.options.venue.equityPaise(), this.options.phaseOverrides);
    return this.record.state(
      { ...scheduler, intervalMs: this.intervalMs, strategy: this.source.name },
      day.summary(this.allocation()),
    );
  }

  private scheduler() {
    return { running: this.timer !== null, nextRunAt: this.timer ? this.nextRunAt : null };
  }

  /** One pass of the loop at `now`; an error is recorded in state and the report, never thrown. */
  runOnce(now: number): RunReport {
    return runToEnd(this.runSteps(now));
  }

  /**
   * runOnce as steps (core/time-slices): a step per few symbols ranked and per order placed, so the
   * start-up replay runs a minute in slices of a few ms. Between steps nothing of this run's own
   * changes: the universe is read once and the run's `now` is fixed, so the decisions are runOnce's.
   */
  *runSteps(now: number): Steps<RunReport> {
    const report = emptyReport(now);
    this.record.lastRunAt = now;
    try {
      const session = this.options.clock.sessionAt(now);
      this.record.marketOpen = session.isOpen;
      report.marketOpen = session.isOpen;
      if (!session.isOpen) {
        this.record.journal.record({
          at: now,
          symbol: '*',
          side: null,
          quantity: null,
          outcome: 'waiting',
          reason: MARKET_CLOSED,
        });
        return this.record.summarise(report);
      }
      const { venue } = this.options;
      if (this.today?.date !== session.date)
        this.today = new TradingDay(session.date, venue.equityPaise(), this.options.phaseOverrides);
      const equity = venue.equityPaise();
      const capitalPhase = phaseForCapital(Math.max(0, equity) / 100);
      const { phaseOverrides } = this.options;
      const phase = phaseOverrides ? { ...capitalPhase, ...phaseOverrides } : capitalPhase;
      this.record.phase = phase;
      // Each ledger read and plan is a step of its own too: on a file database one can take ms.
      yield;
      const signals = yield* rankInSteps(this.source, this.options.universe(), now);
      report.signals = signals;
      this.record.topSignals = signals.slice(0, 5);
      this.today.noteSignals(signals);
      this.options.signalEdge?.observe(signals, (symbol) => venue.lastPrice(symbol), now, session.date);
      yield;

      // A symbol with an order still in flight gets no other until that one is known to have ended.
      const pending = venue.pendingOrderSymbols?.() ?? new Set<string>();
      for (const symbol of pending) report.skipped.push({ symbol, reason: PENDING_REASON });
      const exited = yield* this.placeExits(report, phase, now, session.simulated, pending);
      const halted = this.today.checkDailyLoss(venue.dayPnlPaise(), venue.equityPaise(), phase);
      yield;
      if (halted) report.skipped.push({ symbol: '*', reason: halted });
      else if (isPastSessionEnd(now, session.simulated, this.exitRules)) {
        report.skipped.push({ symbol: '*', reason: 'session end: positions are being closed, none opened' });
      } else yield* this.placeEntries(report, phase, new Set([...exited, ...pending]));
      this.record.recordSkips(report);
      this.record.lastError = null;
    } catch (error) {
      report.error = error instanceof Error ? error.message : String(error);
      this.record.fail(now, report.error);
      this.log.error({ err: error }, 'trading loop run failed');
    }
    return this.record.summarise(report);
  }

  /**
   * A run that could not take place (the live account's snapshot could not be read): it counts as
   * a failed run, so the status says why nothing was decided instead of showing the previous run.
   */
  skipRun(now: number, reason: string): void {
    this.record.lastRunAt = now;
    this.record.fail(now, reason);
    this.record.summarise({ ...emptyReport(now, this.record.marketOpen ?? false), error: reason });
  }

  /** Risk exits first (stop, target, session end), then SELL signals worth their charges (decideSignalExit). */
  private *placeExits(
    report: RunReport,
    phase: TradingPhase,
    now: number,
    continuous: boolean,
    pending: ReadonlySet<string>,
  ): Steps<Set<string>> {
    const { venue } = this.options;
    const exited = new Set<string>();
    const riskExits = planExits({
      positions: venue.positions(),
      lastPrice: (symbol) => venue.lastPrice(symbol),
      phase,
      now,
      continuousSession: continuous,
      account: this.account,
      rules: this.exitRules,
      simulatedReplay: this.options.simulatedReplay,
    });
    for (const request of riskExits) {
      if (pending.has(request.symbol)) continue;
      this.orders.place(report, request, exitReason(request.strategy ?? ''));
      exited.add(request.symbol);
      yield;
    }
    yield;
    const { exits, skipped } = planSignalExits({
      positions: venue.positions(),
      signals: report.signals,
      exited,
      pending,
      lastPrice: (symbol) => venue.lastPrice(symbol),
      now,
      rates: this.options.chargeRates?.() ?? DEFAULT_PAPER_LIMITS,
      rules: this.exitRules,
    });
    report.skipped.push(...skipped);
    for (const exit of exits) {
      this.orders.place(report, this.orders.request(exit.symbol, 'SELL', exit.quantity), exit.why);
      exited.add(exit.symbol);
      yield;
    }
    return exited;
  }

  private *placeEntries(report: RunReport, phase: TradingPhase, exited: ReadonlySet<string>): Steps<void> {
    const day = this.today!;
    const settings = this.allocation();
    const { entries, skipped } = planEntries({
      signals: report.signals,
      venue: this.options.venue,
      phase,
      exited,
      budgetLeftPaise: day.budgetLeftPaise(settings),
      maxOrderPaise: Math.floor(day.budgetPaise(settings) / this.entrySlices),
      chargesGate: {
        rates: this.options.chargeRates?.() ?? DEFAULT_PAPER_LIMITS,
        maxPercent: settings.maxRoundTripChargesPct ?? DEFAULT_MAX_ROUND_TRIP_CHARGES_PCT,
      },
      edge: this.options.gateOnSignalEdge === false ? undefined : this.options.signalEdge,
    });
    report.skipped.push(...skipped);
    const buys = new Map(report.signals.map((s) => [s.symbol, s]));
    for (const entry of entries) {
      const signal = buys.get(entry.symbol);
      const why = signal ? signalReason(signal) : 'BUY signal';
      const request = this.orders.request(entry.symbol, 'BUY', entry.quantity);
      const order = this.orders.place(report, request, why, signal);
      if (order.status !== 'REJECTED') {
        const filled = order.averagePrice !== null && order.filledQuantity > 0;
        day.budgetUsedPaise += filled ? order.averagePrice! * order.filledQuantity : entry.valuePaise;
      }
      yield;
    }
  }
}
