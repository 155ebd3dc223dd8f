import { useResetPaperAccount } from '@td/api-client';
import { usePlatform } from '@td/platform';
import { Button, formatINR, Modal } from '@td/ui';
import { useState } from 'react';
import { PAPER_MESSAGES, PAPER_RESET_BALANCE } from './paper-trading-messages';

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
      onError: () => notify('error', PAPER_MESSAGES.resetFailed),
    });

  return (
    <>
      <Button variant="danger" disabled={disabled} onClick={() => setConfirming(true)}>
        Reset Account
      </Button>
      <Modal
        open={confirming}
        size="sm"
        title="Reset paper trading account?"
        onClose={() => {
          if (!reset.isPending) setConfirming(false);
        }}
        footer={
          <>
            <Button variant="secondary" disabled={reset.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={reset.isPending} onClick={confirm}>
              Reset Account
            </Button>
          </>
        }
      >
        <p>
          All open positions will be closed, pending orders cancelled, and the cash balance reset to{' '}
          {formatINR(PAPER_RESET_BALANCE)}. This cannot be undone.
        </p>
      </Modal>
    </>
  );
}
