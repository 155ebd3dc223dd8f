import { TRADING_MODE_LABELS, type TradingMode, type TradingModeState } from '@td/contracts';
import type { SettingsRepository } from '../db/settings-repository';
import { HttpError } from '../http/http-error';

/** Whether live orders can be sent right now, and if not, what the trader must do about it. */
export interface LiveTradingGate {
  liveUnavailableReason(): string | null;
}

/** No broker adapter is connected yet: live mode is refused with the step that fixes it. */
export const noBrokerGate: LiveTradingGate = {
  liveUnavailableReason: () =>
    'Live trading needs a connected Upstox account with a valid access token. Connect Upstox under Settings → Data Sources, then switch again.',
};

const KEY = 'trading_mode';

export class TradingModeService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly gate: LiveTradingGate,
  ) {}

  current(): TradingMode {
    const stored = this.settings.get<TradingMode>(KEY) ?? 'mock';
    // A live mode whose broker token has since expired falls back to paper rather than pretending.
    if (stored === 'live' && this.gate.liveUnavailableReason() !== null) return 'paper';
    return stored;
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
      if (reason) throw new HttpError(409, reason, 'live_unavailable');
    }
    this.settings.set(KEY, mode);
    return mode;
  }
}
