import { isApiError, useTradingModeSwitch } from '@td/api-client';
import { TRADING_MODE_LABELS, TRADING_MODE_TEXT } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { ConfirmDialog, Switch } from '@td/ui';

// spec part 1 §4 "Trading mode": the same confirmation and notices as the host's sidebar switch,
// word for word, from the contracts both share.
export const REAL_MODE_WARNING = TRADING_MODE_TEXT.realWarning;
// spec part 1 §8 "Dashboard and pipeline".
export const SWITCH_FAILED = 'Failed to switch trading mode';

/** The dashboard's live↔paper switch: confirmation before live, disabled in flight, follows only an ok reply. */
export function TradingModeSwitch() {
  const { notify } = usePlatform();
  const modeSwitch = useTradingModeSwitch({
    notify,
    failureMessage: (error) =>
      `${SWITCH_FAILED}${isApiError(error) && error.kind === 'http' && error.message ? `: ${error.message}` : ''}`,
  });

  if (modeSwitch.unavailable) return <span role="status">Trading mode unavailable</span>;

  return (
    <>
      <Switch
        checked={modeSwitch.isLive}
        disabled={modeSwitch.busy}
        tone="live"
        label={modeSwitch.current ? TRADING_MODE_LABELS[modeSwitch.current] : 'Trading mode'}
        onChange={modeSwitch.request}
      />
      <ConfirmDialog
        open={modeSwitch.confirming}
        title="Switch to live trading?"
        confirmLabel="Switch to Live"
        onCancel={modeSwitch.cancel}
        onConfirm={modeSwitch.confirmLive}
      >
        <p>{REAL_MODE_WARNING}</p>
      </ConfirmDialog>
    </>
  );
}
