import { isApiError, useChangeTradingMode, useTradingMode } from '@td/api-client';
import { TRADING_MODE_TEXT, type TradingMode } from '@td/contracts';
import { Banner, ConfirmDialog, Switch } from '@td/ui';
import { useState } from 'react';
import { useHostServices } from '../remotes/host-services';
import { SidePanel } from './quick-stats-panel';

// spec part 1 §4 "Trading mode": texts word for word.
export const REAL_MODE_WARNING = TRADING_MODE_TEXT.realWarning;
const REAL_ACTIVATED = TRADING_MODE_TEXT.realActivated;
const PAPER_ACTIVATED = TRADING_MODE_TEXT.paperActivated;
const CHANGE_FAILED = 'Failed to change trading mode. Please try again.';
const CHANGE_ERROR = 'Error: Could not change trading mode.';

/** The Paper/Real switch: confirmation before real, disabled in flight, the UI follows only an ok reply. */
export function TradingModePanel() {
  const { notify } = useHostServices();
  const mode = useTradingMode();
  const change = useChangeTradingMode();
  const [confirming, setConfirming] = useState(false);
  const current = mode.data?.trading_mode;
  const isReal = current === 'live';

  const switchTo = (target: TradingMode) => {
    change.mutate(target, {
      onSuccess: () => notify('success', target === 'live' ? REAL_ACTIVATED : PAPER_ACTIVATED),
      onError: (error) => {
        const reason = isApiError(error) && error.kind === 'http' && error.message ? ` ${error.message}` : '';
        notify(
          'error',
          isApiError(error) && error.kind === 'http' ? `${CHANGE_FAILED}${reason}` : CHANGE_ERROR,
        );
      },
    });
  };

  return (
    <SidePanel aria-labelledby="trading-mode-title">
      <h2 id="trading-mode-title">Trading Mode</h2>
      {mode.isError ? (
        <p role="status">Trading mode unavailable</p>
      ) : (
        <>
          <Switch
            checked={isReal}
            disabled={mode.isPending || change.isPending}
            tone="live"
            label={isReal ? 'Real' : 'Paper'}
            onChange={(next) => (next ? setConfirming(true) : switchTo('paper'))}
          />
          {current === 'mock' && <p>Mock data (simulated market)</p>}
          {isReal && <Banner tone="live" title="LIVE TRADING ACTIVE" />}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Switch to real trading?"
        confirmLabel="Switch to Real"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          switchTo('live');
        }}
      >
        <p>{REAL_MODE_WARNING}</p>
      </ConfirmDialog>
    </SidePanel>
  );
}
