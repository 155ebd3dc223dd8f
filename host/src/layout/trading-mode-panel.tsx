import { isApiError, useTradingMode, useTradingModeSwitch } from '@td/api-client';
import { liveAllowedUntilText, TRADING_MODE_TEXT } from '@td/contracts';
import { Banner, ConfirmDialog, formatIstClock, Switch } from '@td/ui';
import { useHostServices } from '../remotes/host-services';
import { SidePanel } from './quick-stats-panel';

// spec part 1 §4 "Trading mode": texts word for word.
export const REAL_MODE_WARNING = TRADING_MODE_TEXT.realWarning;
const CHANGE_FAILED = 'Failed to change trading mode. Please try again.';
const CHANGE_ERROR = 'Error: Could not change trading mode.';

/** The Paper/Real switch: confirmation before real, disabled in flight, the UI follows only an ok reply. */
export function TradingModePanel() {
  const { notify } = useHostServices();
  const modeSwitch = useTradingModeSwitch({
    notify,
    failureMessage: (error) =>
      isApiError(error) && error.kind === 'http'
        ? `${CHANGE_FAILED}${error.message ? ` ${error.message}` : ''}`
        : CHANGE_ERROR,
  });
  const { current, isLive: isReal } = modeSwitch;
  // SEBI 2025 sessions: live trading ends with the Upstox session (03:30 IST at the latest).
  const liveUntil = useTradingMode().data?.live_allowed_until;

  return (
    <SidePanel aria-labelledby="trading-mode-title">
      <h2 id="trading-mode-title">Trading Mode</h2>
      {modeSwitch.unavailable ? (
        <p role="status">Trading mode unavailable</p>
      ) : (
        <>
          <Switch
            checked={isReal}
            disabled={modeSwitch.busy}
            tone="live"
            label={isReal ? 'Real' : 'Paper'}
            onChange={modeSwitch.request}
          />
          {current === 'mock' && <p>Mock data (simulated market)</p>}
          {isReal && <Banner tone="live" title="LIVE TRADING ACTIVE" />}
          {liveUntil && <p>{liveAllowedUntilText(formatIstClock(liveUntil))}</p>}
        </>
      )}
      <ConfirmDialog
        open={modeSwitch.confirming}
        title="Switch to real trading?"
        confirmLabel="Switch to Real"
        onCancel={modeSwitch.cancel}
        onConfirm={modeSwitch.confirmLive}
      >
        <p>{REAL_MODE_WARNING}</p>
      </ConfirmDialog>
    </SidePanel>
  );
}
