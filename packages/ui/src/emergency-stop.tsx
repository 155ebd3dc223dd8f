import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button, type ButtonSize } from './button';
import { ConfirmDialog } from './confirm-dialog';

/** What the Emergency Stop control needs from its flow (api-client's useEmergencyStop gives exactly this). */
export interface EmergencyStopControlFlow {
  open: boolean;
  halted: boolean;
  /** Counted when the dialog opens; null until known. */
  pendingOrders: number | null;
  openPositions: number | null;
  submitting: boolean;
  /** Why the last stop failed or was refused, in the server's words. */
  error: string | null;
  /** Why the reason was refused by the shared schema, before any call. */
  invalid: string | null;
  request(): void;
  cancel(): void;
  confirm(request: { reason: string; close_positions: boolean }): void;
}

export interface EmergencyStopControlProps {
  flow: EmergencyStopControlFlow;
  /** 'Emergency Stop All' on the risk screen, 'Emergency Stop' in the top bar. */
  label?: string;
  size?: ButtonSize;
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  p {
    margin: 0;
    line-height: 1.5;
  }
  label {
    font-weight: 600;
  }
  textarea {
    box-sizing: border-box;
    width: 100%;
    min-height: 72px;
    padding: ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    resize: vertical;
  }
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.negative};
  }
`;

const Check = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 400 !important;
  input {
    margin-top: 3px;
    accent-color: ${({ theme }) => theme.colors.negative};
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.negative};
`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The Emergency Stop button and its confirmation, one for every screen: it says exactly what the stop
 * does, takes a reason and the "also close all positions" choice, and waits for the server's answer.
 */
export function EmergencyStopControl({
  flow,
  label = 'Emergency Stop All',
  size = 'md',
}: EmergencyStopControlProps) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [closePositions, setClosePositions] = useState(false);
  useEffect(() => {
    if (!flow.open) return;
    setReason('');
    setClosePositions(false);
  }, [flow.open]);

  const orders =
    flow.pendingOrders === null ? 'every pending order' : plural(flow.pendingOrders, 'pending order');
  const positions = flow.openPositions === null ? '' : ` (${plural(flow.openPositions, 'position')})`;
  return (
    <>
      <Button
        variant="danger"
        size={size}
        onClick={flow.request}
        disabled={flow.halted}
        title={flow.halted ? 'Trading is already halted; resume it from the red banner.' : undefined}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={flow.open}
        title="Emergency Stop"
        confirmLabel="Stop all trading"
        pending={flow.submitting}
        onCancel={flow.cancel}
        onConfirm={() => flow.confirm({ reason, close_positions: closePositions })}
      >
        <Body>
          <p>Halts the automated trading loop, cancels {orders}, refuses every new order until you resume.</p>
          <label htmlFor={reasonId}>Reason (recorded with the halt)</label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={flow.invalid ? true : undefined}
            aria-describedby={flow.invalid ? `${reasonId}-error` : undefined}
          />
          {flow.invalid && (
            <Problem id={`${reasonId}-error`} role="alert">
              {flow.invalid}
            </Problem>
          )}
          <Check>
            <input
              type="checkbox"
              checked={closePositions}
              onChange={(event) => setClosePositions(event.target.checked)}
            />
            <span>Also close all positions at market{positions}</span>
          </Check>
          {flow.error && <Problem role="alert">{flow.error}</Problem>}
        </Body>
      </ConfirmDialog>
    </>
  );
}
