import { TRADING_MODE_LABELS, type TradingModeState } from '@td/contracts';
import { HttpError } from '../core/errors';
import { accountForMode, type ModeEvent, type ModeReader, type TradingMode } from '../core/mode';
import type { AccountId } from '../core/orders';
import type { Leadership } from '../core/ports/leadership';
import type { MarketDataProvider } from '../engines/market/market-types';
import type { LoopControl } from '../engines/safety';
import { InstantTimer, type InstantTimers, realTimers } from './instant-timer';
import { feedForMode, type LoopDecision, loopsFor } from './mode-rules';

/** Whether live orders can be sent right now, and if not, what the trader must do about it. */
export interface LiveTradingGate {
  liveUnavailableReason(): string | null;
  /** When the broker session stops allowing live trading (epoch ms); null when it is not allowed now. */
  liveAllowedUntil(): number | null;
}

export interface ModeSettings {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
}

/** The first half: which feed the market engine runs. */
export interface FeedHooks {
  market: { readonly activeProvider: MarketDataProvider; use(provider: MarketDataProvider): Promise<void> };
  feeds(): { simulator: MarketDataProvider; upstox: MarketDataProvider; yahoo: MarketDataProvider | null };
  upstoxUsable(): boolean;
  onError(error: unknown): void;
}

/** The second half: which automated loop runs. */
export interface LoopHooks {
  paper: { start(): void; stop(): void };
  live: { start(): void; stop(): void };
  loopEnabled: boolean;
  preparing(): boolean;
  halted(): boolean;
}

const KEY = 'trading_mode';

/**
 * The trading mode and the two policies that follow it: which feed the market runs and which
 * automated loop trades. Engines read the mode through ModeReader; the routes, the data sources,
 * safety and the start-up replay tell it what changed through its commands.
 */
export class ModeController implements ModeReader, LoopControl {
  private readonly listeners = new Set<(mode: TradingMode) => void>();
  private readonly eventListeners = new Set<(event: ModeEvent) => void>();
  /** Read once, then kept: every order asks for it and only setMode writes it (one writer process). */
  private stored?: TradingMode;
  private feedHooks?: FeedHooks;
  private loopHooks?: LoopHooks;
  private lastLoops?: LoopDecision;
  /** Until attached, this instance is alone and leads. */
  private leadership: Pick<Leadership, 'isLeader'> = { isLeader: () => true };
  /** Fires when the broker session ends while the stored mode is live. */
  private readonly sessionEnd: InstantTimer;

  constructor(
    private readonly settings: ModeSettings,
    private readonly gate: LiveTradingGate,
    timers: InstantTimers = realTimers,
  ) {
    this.sessionEnd = new InstantTimer(timers);
  }

  current(): TradingMode {
    this.stored ??= this.settings.get<TradingMode>(KEY) ?? 'mock';
    // A live mode whose broker token has since expired falls back to paper rather than pretending.
    if (this.stored === 'live' && this.gate.liveUnavailableReason() !== null) return 'paper';
    return this.stored;
  }

  account(): AccountId {
    return accountForMode(this.current());
  }

  onChange(listener: (mode: TradingMode) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** mode-changed, feed-selected and loops-changed, after each decision. */
  events(listener: (event: ModeEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  state(): TradingModeState {
    const mode = this.current();
    const reason = this.gate.liveUnavailableReason();
    const until = reason === null ? this.gate.liveAllowedUntil() : null;
    return {
      trading_mode: mode,
      trading_mode_label: TRADING_MODE_LABELS[mode],
      live_available: reason === null,
      live_unavailable_reason: reason,
      live_allowed_until: until === null ? null : new Date(until).toISOString(),
    };
  }

  attachFeeds(hooks: FeedHooks): void {
    this.feedHooks = hooks;
  }

  attachLoops(hooks: LoopHooks): void {
    this.loopHooks = hooks;
  }

  /** Only the leader connects a feed and runs a loop; a follower's commands change the mode alone. */
  attachLeadership(leadership: Pick<Leadership, 'isLeader'>): void {
    this.leadership = leadership;
  }

  /** POST /api/trading/mode: live is refused while the broker account has a problem. */
  setMode(mode: TradingMode): TradingMode {
    if (mode === 'live') {
      const reason = this.gate.liveUnavailableReason();
      if (reason) throw new HttpError(409, `Live trading is not available. ${reason}`, 'live_unavailable');
    }
    const previous = this.current();
    this.settings.set(KEY, mode);
    this.stored = mode;
    this.followMode();
    void this.selectFeed().catch((error) => this.feedHooks?.onError(error));
    this.emit({ type: 'mode-changed', mode, previous, account: accountForMode(mode) });
    for (const listener of this.listeners) listener(mode);
    return mode;
  }

  /** The name routes and tests have always called. */
  change(mode: TradingMode): TradingMode {
    return this.setMode(mode);
  }

  /** The Upstox session was connected, refreshed or dropped. */
  brokerSessionChanged(): Promise<void> {
    this.watchSessionEnd();
    return this.selectFeed();
  }

  /** Shutdown or stepping down: no session-end decision is left pending. */
  stopWatchingSession(): void {
    this.sessionEnd.cancel();
  }

  /** A data source was switched on or off. */
  feedsChanged(): Promise<void> {
    return this.selectFeed();
  }

  /** A trading halt began or ended: the loops follow the halt state. */
  haltChanged(): void {
    this.followMode();
  }

  /** The start-up replay ended: the paper loop may run. */
  preparationFinished(): void {
    this.followMode();
  }

  /** LoopControl for safety: a halt stops both loops at once. */
  stopLoops(): void {
    this.loopHooks?.paper.stop();
    this.loopHooks?.live.stop();
    this.publishLoops({ paper: 'stopped', live: 'stopped', reason: 'halt' });
  }

  /** LoopControl for safety: after a resume the loops run as the mode says. */
  resumeLoops(): void {
    this.haltChanged();
  }

  /** Points the market engine at the feed the mode and the broker session call for. */
  async selectFeed(): Promise<void> {
    const hooks = this.feedHooks;
    if (!hooks || !this.leadership.isLeader()) return;
    const wanted = feedForMode(this.current(), hooks.feeds(), hooks.upstoxUsable());
    const previous = hooks.market.activeProvider;
    if (wanted === previous) return;
    await hooks.market.use(wanted);
    this.emit({ type: 'feed-selected', source: wanted.source, previous: previous.source });
  }

  /** Starts and stops the loops as the rules say (stops first, so the two never run together). */
  followMode(): void {
    const hooks = this.loopHooks;
    if (!hooks) return;
    const decision = loopsFor({
      leader: this.leadership.isLeader(),
      mode: this.current(),
      halted: hooks.halted(),
      loopEnabled: hooks.loopEnabled,
      brokerUsable: this.gate.liveUnavailableReason() === null,
      preparing: hooks.preparing(),
    });
    if (decision.paper === 'stopped') hooks.paper.stop();
    if (decision.live === 'stopped') hooks.live.stop();
    if (decision.paper === 'running') hooks.paper.start();
    if (decision.live === 'running') hooks.live.start();
    this.publishLoops(decision);
    this.watchSessionEnd();
  }

  /**
   * While the stored mode is live, the instant the broker session ends is a decision of its own: the
   * live loop stops then and the mode falls back to paper, not at the next read (SEBI 2025 sessions).
   */
  private watchSessionEnd(): void {
    this.stored ??= this.settings.get<TradingMode>(KEY) ?? 'mock';
    const until = this.stored === 'live' ? this.gate.liveAllowedUntil() : null;
    if (this.stored !== 'live') this.sessionEnd.cancel();
    else if (until === null) this.endLiveSession();
    else
      this.sessionEnd.at(until, () => {
        // A new Upstox session may have begun since this was armed: follow its end instead.
        const next = this.gate.liveAllowedUntil();
        if (next !== null && next > until) this.watchSessionEnd();
        else this.endLiveSession();
      });
  }

  /** Stored as paper, so signing in to Upstox again never resumes live trading by itself. */
  private endLiveSession(): void {
    if (this.stored !== 'live' || this.gate.liveUnavailableReason() === null) return;
    this.sessionEnd.cancel();
    this.settings.set(KEY, 'paper');
    this.stored = 'paper';
    this.followMode();
    void this.selectFeed().catch((error) => this.feedHooks?.onError(error));
    this.emit({ type: 'mode-changed', mode: 'paper', previous: 'live', account: accountForMode('paper') });
    for (const listener of this.listeners) listener('paper');
  }

  private publishLoops(decision: LoopDecision): void {
    const last = this.lastLoops;
    this.lastLoops = decision;
    if (
      last &&
      last.paper === decision.paper &&
      last.live === decision.live &&
      last.reason === decision.reason
    )
      return;
    this.emit({ type: 'loops-changed', ...decision });
  }

  private emit(event: ModeEvent): void {
    for (const listener of this.eventListeners) listener(event);
  }
}
