import { TRADING_MODE_LABELS, type TradingMode, type TradingModeState } from '@td/contracts';
import type { SettingsRepository } from '../core/ports/repositories/settings';
import { HttpError } from '../http/http-error';

/** Whether live orders can be sent right now, and if not, what the trader must do about it. */
export interface LiveTradingGate {
  liveUnavailableReason(): string | null;
}

const KEY = 'trading_mode';

export class TradingModeService {
  private readonly listeners = new Set<(mode: TradingMode) => void>();
  /**
   * The stored mode, read once and then kept here: every order asks for it, and only change()
   * writes it (the server is the database's one writer process).
   */
  private stored?: TradingMode;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly gate: LiveTradingGate,
  ) {}

  current(): TradingMode {
    this.stored ??= this.settings.get<TradingMode>(KEY) ?? 'mock';
    const stored = this.stored;
    // A live mode whose broker token has since expired falls back to paper rather than pretending.
    if (stored === 'live' && this.gate.liveUnavailableReason() !== null) return 'paper';
    return stored;
  }

  onChange(listener: (mode: TradingMode) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  state(): TradingModeState {
    const mode = this.current();
    const reason = this.gate.liveUnavailableReason();
    return {
      trading_mode: mode,
      trading_mode_label: TRADING_MODE_LABELS[mode],
      live_available: reason === null,
      live_unavailable_reason: reason,
    };
  }

  change(mode: TradingMode): TradingMode {
    if (mode === 'live') {
      const reason = this.gate.liveUnavailableReason();
      if (reason) throw new HttpError(409, `Live trading is not available. ${reason}`, 'live_unavailable');
    }
    this.settings.set(KEY, mode);
    this.stored = mode;
    for (const listener of this.listeners) listener(mode);
    return mode;
  }
}
