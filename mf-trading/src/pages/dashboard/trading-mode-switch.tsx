import { isApiError, useChangeTradingMode, useTradingMode } from '@td/api-client';
import { TRADING_MODE_LABELS, TRADING_MODE_TEXT, type TradingMode } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { ConfirmDialog, Switch } from '@td/ui';
import { useState } from 'react';

// spec part 1 §4 "Trading mode": the same confirmation and notices as the host's sidebar switch,
// word for word, from the contracts both share.
export const REAL_MODE_WARNING = TRADING_MODE_TEXT.realWarning;
const REAL_ACTIVATED = TRADING_MODE_TEXT.realActivated;
const PAPER_ACTIVATED = TRADING_MODE_TEXT.paperActivated;
// spec part 1 §8 "Dashboard and pipeline".
export const SWITCH_FAILED = 'Failed to switch trading mode';

/** The dashboard's live↔paper switch: confirmation before live, disabled in flight, follows only an ok reply. */
export function TradingModeSwitch() {
  const { notify } = usePlatform();
  const mode = useTradingMode();
  const change = useChangeTradingMode();
  const [confirming, setConfirming] = useState(false);
  const current = mode.data?.trading_mode;
  const isLive = current === 'live';

  const switchTo = (target: TradingMode) => {
    change.mutate(target, {
      onSuccess: () => notify('success', target === 'live' ? REAL_ACTIVATED : PAPER_ACTIVATED),
      onError: (error) => {
        const reason =
          isApiError(error) && error.kind === 'http' && error.message ? `: ${error.message}` : '';
        notify('error', `${SWITCH_FAILED}${reason}`);
      },
    });
  };

  if (mode.isError) return <span role="status">Trading mode unavailable</span>;

  return (
    <>
      <Switch
        checked={isLive}
        disabled={mode.isPending || change.isPending}
        tone="live"
        label={current ? TRADING_MODE_LABELS[current] : 'Trading mode'}
        onChange={(next) => (next ? setConfirming(true) : switchTo('paper'))}
      />
      <ConfirmDialog
        open={confirming}
        title="Switch to live trading?"
        confirmLabel="Switch to Live"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          switchTo('live');
        }}
      >
        <p>{REAL_MODE_WARNING}</p>
      </ConfirmDialog>
    </>
  );
}
