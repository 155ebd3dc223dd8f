import type { AccountId } from '../../../core/orders';
import { BACKGROUND_SLICE_BUDGET_MS, runSliced, WorkStoppedError } from '../../../core/time-slices';
import { capitalPhase, installPhaseReader, type TradingPhase } from '../phases';
import type { PhaseHistoryRow, PhaseHistoryStore } from './phase-history-store';
import { decidePhase, type PhaseStanding, phaseByNumber } from './phase-rules';

const DAY_MS = 86_400_000;
/** Days pass without trades, so the engine also looks on a timer; trades are seen on the next read. */
export const PHASE_EVALUATION_MS = 60_000;
const REEVALUATE_AFTER_FILLS_MS = 5_000;

export interface PhaseEngineDeps {
  store: PhaseHistoryStore;
  /** The account the trading mode names. */
  account(): AccountId;
  /** That account's equity (cash + holdings at market), paise; may throw while the live account is not synced. */
  equityPaise(account: AccountId): number;
  now(): number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  intervalMs?: number;
}

export interface PhaseEvaluation {
  account: AccountId;
  standing: PhaseStanding;
  entry: PhaseHistoryRow;
  /** What the engine will do next, as a sentence. */
  outlook: string;
  phaseProfitPaise: number;
}

/**
 * The production-scaling phase engine (spec part 2 §2.8, §9; decision 0020): keeps each account's
 * phase history, promotes and demotes by the phase rules after trades and on a timer, and while
 * started is the phase the trading loops' caps come from.
 */
export class PhaseEngine {
  private timer: ReturnType<typeof setInterval> | null = null;
  private uninstall: (() => void) | null = null;
  private seen: { account: AccountId; fill: number; day: number; at: number } | null = null;
  private cached: TradingPhase | null = null;
  private lastErrorLoggedAt = Number.NEGATIVE_INFINITY;
  /** The first count of the trips since the baseline, run in slices at start (null once done). */
  private warming: Promise<void> | null = null;
  private stopping = new AbortController();

  constructor(private readonly deps: PhaseEngineDeps) {}

  /**
   * Starts the timer. The first look needs every fill since the baseline matched (seconds on a
   * 100,000-trade ledger, decision 0048): that runs in slices first, and the recorded phase applies
   * meanwhile; later looks read only the fills added since.
   */
  start(): void {
    if (this.timer) return;
    this.uninstall = installPhaseReader((capital) => this.currentPhase(capital));
    this.stopping = new AbortController();
    // A stop and a new start before this count ends leave the new count in `warming`: keep it.
    const warming: Promise<void> = this.warmUp(this.stopping.signal).finally(() => {
      if (this.warming === warming) this.warming = null;
    });
    this.warming = warming;
    this.timer = setInterval(() => {
      if (!this.warming) this.safeEvaluate();
    }, this.deps.intervalMs ?? PHASE_EVALUATION_MS);
    this.timer.unref?.();
  }

  /** Stops the timer; a first count under way ends at its next slice (`settled` awaits it). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    this.uninstall?.();
    this.uninstall = null;
  }

  /** Resolves once the first count started by start() is over (done, failed or stopped). */
  async settled(): Promise<void> {
    await this.warming;
  }

  private async warmUp(signal: AbortSignal): Promise<void> {
    try {
      const account = this.deps.account();
      const { store } = this.deps;
      await runSliced(store.trips.steps(account, store.baselineTs(account) ?? 0), {
        signal,
        budgetMs: BACKGROUND_SLICE_BUDGET_MS,
      });
    } catch (error) {
      if (error instanceof WorkStoppedError) return;
      this.deps.log.error(
        { err: error },
        'phase trips could not be counted at start; the first look counts them',
      );
    }
    if (!signal.aborted) this.safeEvaluate();
  }

  /** The phase whose caps apply now: re-evaluated when a trade happened or a day passed since the last look. */
  currentPhase(capitalRupees: number): TradingPhase {
    const account = this.deps.account();
    if (this.warming) {
      // Not counted yet: the last phase recorded for the account, else the one its capital falls in.
      const recorded = this.recordedPhase(account);
      return recorded ?? capitalPhase(Math.max(0, capitalRupees));
    }
    const mark = { account, fill: this.deps.store.newestFill(), day: Math.floor(this.deps.now() / DAY_MS) };
    const seen = this.seen;
    const unchanged = seen?.fill === mark.fill && seen.day === mark.day;
    // A burst of fills (the history replay) is looked at once per few seconds, not once per fill.
    const recent = seen !== null && this.deps.now() - seen.at < REEVALUATE_AFTER_FILLS_MS;
    if (this.cached && seen?.account === mark.account && (unchanged || recent)) return this.cached;
    return this.safeEvaluate()?.standing.current ?? capitalPhase(Math.max(0, capitalRupees));
  }

  /** One look: start the history if needed, apply a promotion or demotion, and return the standing. */
  evaluate(): PhaseEvaluation {
    const { store, now } = this.deps;
    const account = this.deps.account();
    const equityPaise = this.deps.equityPaise(account);
    const at = now();
    let entry = store.latest(account);
    const baseline = store.baselineTs(account);
    if (!entry || (baseline !== null && baseline > entry.enteredAt)) {
      const phase = capitalPhase(Math.max(0, equityPaise) / 100);
      const reason = entry
        ? 'the account was reset: the phase starts again from capital'
        : 'first look: the phase capital falls in';
      store.record(account, {
        phase: phase.phase,
        fromPhase: entry?.phase ?? null,
        kind: 'start',
        reason,
        enteredAt: at,
        equityPaise,
      });
      entry = store.latest(account)!;
    }
    let figures = this.standing(account, entry, equityPaise, at);
    const decision = decidePhase(figures.standing);
    if (decision.kind !== 'stay') {
      store.record(account, {
        phase: decision.to,
        fromPhase: entry.phase,
        kind: decision.kind,
        reason: decision.reason,
        enteredAt: at,
        equityPaise,
      });
      this.deps.log.info(
        { account, from: entry.phase, to: decision.to, reason: decision.reason },
        `phase ${decision.kind}`,
      );
      entry = store.latest(account)!;
      figures = this.standing(account, entry, equityPaise, at);
    }
    const outlook = decidePhase(figures.standing).reason;
    this.cached = figures.standing.current;
    this.seen = { account, fill: store.newestFill(), day: Math.floor(at / DAY_MS), at };
    return { account, entry, outlook, ...figures };
  }

  private safeEvaluate(): PhaseEvaluation | null {
    try {
      return this.evaluate();
    } catch (error) {
      // The loops ask on every run; one line a minute is enough while the account cannot be read.
      const now = this.deps.now();
      if (now - this.lastErrorLoggedAt >= PHASE_EVALUATION_MS) {
        this.lastErrorLoggedAt = now;
        this.deps.log.error({ err: error }, 'phase evaluation failed; the capital table applies meanwhile');
      }
      this.cached = null;
      return null;
    }
  }

  private recordedPhase(account: AccountId): TradingPhase | null {
    try {
      const { store } = this.deps;
      const entry = store.latest(account);
      // A reset since that entry (say, while the server was down) starts the phase again from capital,
      // as the first look will record: the older, possibly larger, caps must not apply meanwhile.
      const baseline = store.baselineTs(account);
      if (!entry || (baseline !== null && baseline > entry.enteredAt)) return null;
      return phaseByNumber(entry.phase);
    } catch {
      return null;
    }
  }

  private standing(account: AccountId, entry: PhaseHistoryRow, equityPaise: number, at: number) {
    const { store } = this.deps;
    const trips = store.trips.figures(account, store.baselineTs(account) ?? 0);
    let closedTrades = 0;
    let winningTrades = 0;
    let phaseProfitPaise = 0;
    for (let i = 0; i < trips.exitTs.length; i += 1) {
      if (trips.exitTs[i]! < entry.enteredAt) continue;
      closedTrades += 1;
      if (trips.pnlPaise[i]! > 0) winningTrades += 1;
      phaseProfitPaise += trips.pnlPaise[i]!;
    }
    const base = Math.max(entry.equityPaise, 0);
    const deposits = store.depositsSince(account, entry.enteredAt);
    const standing: PhaseStanding = {
      current: phaseByNumber(entry.phase),
      capitalRupees: Math.max(0, equityPaise) / 100,
      closedTrades,
      winningTrades,
      successRatePercent: closedTrades > 0 ? (winningTrades / closedTrades) * 100 : 0,
      profitPercent: base > 0 ? (phaseProfitPaise / base) * 100 : 0,
      changePercent: base > 0 ? ((equityPaise - deposits - base) / base) * 100 : 0,
      daysInPhase: Math.max(0, Math.floor((at - entry.enteredAt) / DAY_MS)),
    };
    return { standing, phaseProfitPaise };
  }
}
