import { errorMessage, RESUME_FAILED, useHaltState, useResumeTradingCall } from '@td/api-client';
import type { HaltState } from '@td/contracts';
import { Banner, Button, ConfirmDialog, formatIstDateTime } from '@td/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useHostServices } from '../remotes/host-services';
import { ShellBannerSlot } from './shell-banner-slot';

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.negative};
`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Who stopped trading, when and why, and what the stop did, in one sentence. */
export function haltSummary(halt: HaltState): string {
  const who = halt.source === 'circuit_breaker' ? 'the circuit breaker' : (halt.by ?? 'an unknown user');
  const done = [`${plural(halt.cancelled_orders, 'pending order')} cancelled`];
  // Live orders already sent: Upstox may have filled one before its cancel landed, or not answered yet.
  if (halt.filled_orders > 0) done.push(`${halt.filled_orders} already filled`);
  if (halt.chasing_orders > 0) done.push(`${halt.chasing_orders} still being cancelled at Upstox`);
  if (halt.closed_positions > 0) done.push(`${plural(halt.closed_positions, 'position')} closed`);
  const reason = (halt.reason ?? 'No reason given').trim().replace(/\.+$/, '');
  return `${reason}. Stopped by ${who} on ${formatIstDateTime(halt.at)} IST; ${done.join(', ')}.`;
}

/**
 * The red TRADING HALTED banner every screen shows while trading is halted (an Emergency Stop or a
 * circuit breaker), kept live by the `safety` stream and the engines status poll, with Resume.
 */
export function HaltBanner() {
  const { subscribe, notify } = useHostServices();
  const halt = useHaltState(subscribe).data;
  const resume = useResumeTradingCall();
  const [confirming, setConfirming] = useState(false);
  if (!halt?.halted) return null;
  return (
    <ShellBannerSlot>
      <Banner
        tone="live"
        title="TRADING HALTED"
        actions={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              resume.reset();
              setConfirming(true);
            }}
          >
            Resume trading
          </Button>
        }
      >
        {haltSummary(halt)} Every new order is refused until you resume.
      </Banner>
      <ConfirmDialog
        open={confirming}
        title="Resume trading?"
        confirmLabel="Resume trading"
        pending={resume.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          resume.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify('success', 'Trading resumed: new orders are accepted and the trading loop runs again.');
            },
          })
        }
      >
        <p>
          New orders are accepted again and the automated trading loop restarts at its next run. Orders
          cancelled by the stop are not placed again.
        </p>
        {resume.isError && <Problem role="alert">{errorMessage(resume.error, RESUME_FAILED)}</Problem>}
      </ConfirmDialog>
    </ShellBannerSlot>
  );
}
