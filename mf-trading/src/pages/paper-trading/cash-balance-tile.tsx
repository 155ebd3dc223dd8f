import { useSetPaperBalance } from '@td/api-client';
import { paperBalanceRequestSchema } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { Button, formatINR, NumberField, Tile } from '@td/ui';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { balanceFailureMessage, PAPER_MESSAGES } from './paper-trading-messages';

/** The grid cell; while editing it takes the whole row on a phone, where two tiles share one. */
const Cell = styled.div<{ $editing: boolean }>`
  display: grid;
  min-width: 0;
  ${({ theme }) => theme.media.phone} {
    grid-column: ${({ $editing }) => ($editing ? '1 / -1' : 'auto')};
  }
`;

const EditForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  font-family: ${({ theme }) => theme.font.body};
`;

const EditActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** spec part 2 §2.5: the Cash Balance card, edited in place; §5: min 0, step 1000, positive only. */
export function CashBalanceTile({ balance }: { balance: number }) {
  const { notify } = usePlatform();
  const setBalance = useSetPaperBalance();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cell = useRef<HTMLDivElement>(null);
  const closedByUser = useRef(false);

  // Focus goes back to Edit once the editor closes, rather than to the top of the page.
  useEffect(() => {
    if (draft === null && closedByUser.current) {
      closedByUser.current = false;
      cell.current?.querySelector<HTMLButtonElement>('button')?.focus();
    }
  }, [draft]);

  const close = () => {
    closedByUser.current = true;
    setDraft(null);
    setError(null);
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !setBalance.isPending) close();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    // The same rule the server applies; an empty field is refused here, not sent.
    const parsed = paperBalanceRequestSchema.safeParse({ balance: draft === '' ? undefined : draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PAPER_MESSAGES.balanceInvalid);
      return;
    }
    setError(null);
    setBalance.mutate(parsed.data.balance, {
      onSuccess: (result) => {
        notify('success', PAPER_MESSAGES.balanceUpdated(result.new_balance));
        close();
      },
      onError: (failure) => notify('error', balanceFailureMessage(failure)),
    });
  };

  if (draft === null) {
    return (
      <Cell ref={cell} $editing={false}>
        <Tile
          label="Cash Balance"
          value={formatINR(balance)}
          subValue={
            <Button
              variant="secondary"
              size="sm"
              aria-label="Edit cash balance"
              onClick={() => setDraft(String(balance))}
            >
              Edit
            </Button>
          }
        />
      </Cell>
    );
  }

  return (
    <Cell $editing>
      <Tile
        label="Cash Balance"
        value={
          <EditForm onSubmit={save} onKeyDown={cancelOnEscape} noValidate aria-label="Edit cash balance">
            <NumberField
              label="New cash balance (₹)"
              hideLabel
              value={draft}
              min={0}
              step={1000}
              autoFocus
              disabled={setBalance.isPending}
              error={error}
              onChange={(next) => {
                setDraft(next);
                setError(null);
              }}
            />
            <EditActions>
              <Button type="submit" size="sm" loading={setBalance.isPending}>
                Save
              </Button>
              <Button variant="secondary" size="sm" onClick={close} disabled={setBalance.isPending}>
                Cancel
              </Button>
            </EditActions>
          </EditForm>
        }
      />
    </Cell>
  );
}
