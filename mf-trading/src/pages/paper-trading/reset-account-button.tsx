import { useResetPaperAccount } from '@td/api-client';
import { usePlatform } from '@td/platform';
import { Button, ConfirmDialog, formatINR } from '@td/ui';
import { useState } from 'react';
import { PAPER_MESSAGES, PAPER_RESET_BALANCE, resetFailureMessage } from './paper-trading-messages';

/** spec part 2 §5: a reset only after a confirm dialog that says what it does. */
export function ResetAccountButton({ disabled }: { disabled?: boolean }) {
  const { notify } = usePlatform();
  const reset = useResetPaperAccount();
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        notify('success', PAPER_MESSAGES.resetDone);
        setConfirming(false);
      },
      onError: (failure) => notify('error', resetFailureMessage(failure)),
    });

  return (
    <>
      <Button variant="danger" disabled={disabled} onClick={() => setConfirming(true)}>
        Reset Account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Reset paper trading account?"
        confirmLabel="Reset Account"
        pending={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      >
        <p>
          All open positions will be closed, pending orders cancelled, and the cash balance reset to{' '}
          {formatINR(PAPER_RESET_BALANCE)}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
