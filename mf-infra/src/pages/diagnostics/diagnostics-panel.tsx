import { errorMessage, useChangeTradingMode } from '@td/api-client';
import { DIAGNOSTICS_TEXT, RESTART_MESSAGES } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { Button } from '@td/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { type DiagnosticsLog, diagnosticsLog, useDiagnosticsLog } from './diagnostics-log';
import { LogPane } from './log-pane';
import { restartBackend } from './restart-backend';
import { checkingAll, runServiceChecks, type ServiceCheck } from './service-checks';
import { ServiceList } from './service-list';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    flex-basis: 100%;
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Confirm = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.negative};
  border-radius: ${({ theme }) => theme.radius.md};
  p {
    flex: 1 1 220px;
    margin: 0;
  }
`;

/**
 * spec part 1 "System Diagnostics & Control" and part 2 §2.10 "Connection Manager": the services'
 * status, Refresh Status, Switch to Mock Data, Restart Backend and a log of what was done. The host
 * shows it in its modal (the gear, Fix Connection, openDiagnostics).
 */
export function DiagnosticsPanel({ log = diagnosticsLog }: { log?: DiagnosticsLog }) {
  const { api, notify, queryClient } = usePlatform();
  const entries = useDiagnosticsLog(log);
  const [checks, setChecks] = useState<ServiceCheck[]>(checkingAll);
  const [feed, setFeed] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [restarting, setRestarting] = useState(false);
  const changeMode = useChangeTradingMode();
  // Ends the checks' state updates and the restart polling when the modal closes.
  const life = useRef(new AbortController());

  const refresh = useCallback(async () => {
    const { signal } = life.current;
    setChecking(true);
    setChecks(checkingAll());
    log.add('info', 'Checking backend, Upstox, Yahoo Finance, database and research...');
    const result = await runServiceChecks(api);
    if (signal.aborted) return;
    setChecks(result.checks);
    setFeed(result.feed);
    setChecking(false);
    for (const check of result.checks) {
      if (check.status !== 'connected')
        log.add(check.status === 'warning' ? 'warning' : 'error', `${check.label}: ${check.message}`);
    }
    const connected = result.checks.filter((check) => check.status === 'connected').length;
    log.add('info', `Checks done: ${connected} of ${result.checks.length} connected.`);
  }, [api, log]);

  useEffect(() => {
    life.current = new AbortController();
    void refresh();
    return () => life.current.abort();
  }, [refresh]);

  const switchToMock = () =>
    changeMode.mutate('mock', {
      onSuccess: () => {
        log.add('success', DIAGNOSTICS_TEXT.mockSwitched);
        notify('success', DIAGNOSTICS_TEXT.mockSwitched);
        void refresh();
      },
      onError: (error) => {
        log.add(
          'error',
          `${DIAGNOSTICS_TEXT.mockFailed}: ${errorMessage(error, 'no answer from the server')}`,
        );
        notify('error', DIAGNOSTICS_TEXT.mockFailed);
      },
    });

  const restart = async () => {
    setConfirming(false);
    setRestarting(true);
    const { signal } = life.current;
    const waiting = (message: string) =>
      setChecks((current) =>
        current.map((check) => (check.id === 'backend' ? { ...check, status: 'checking', message } : check)),
      );
    waiting('Restarting...');
    const outcome = await restartBackend({
      api,
      log: log.add,
      signal,
      onAttempt: (attempt) => waiting(`Waiting for the backend to come back (check ${attempt} of 20)`),
    });
    if (signal.aborted) return;
    setRestarting(false);
    if (outcome === 'back') {
      notify('success', 'The backend restarted and answers again.');
      // Every screen's data comes again from the new process at once, not at its next poll.
      void queryClient.invalidateQueries();
    } else if (outcome === 'failed' || outcome === 'not-back') {
      notify('error', RESTART_MESSAGES.failed);
    }
    void refresh();
  };

  const busy = checking || restarting;
  return (
    <Stack>
      <ServiceList checks={checks} />
      {feed && <Muted>Market data now comes from {feed}.</Muted>}
      <Actions>
        <h3>Quick actions</h3>
        <Button variant="secondary" onClick={() => void refresh()} loading={checking} disabled={restarting}>
          Refresh Status
        </Button>
        <Button
          variant="secondary"
          onClick={switchToMock}
          loading={changeMode.isPending}
          disabled={restarting}
        >
          Switch to Mock Data
        </Button>
        <Button
          variant="danger"
          onClick={() => setConfirming(true)}
          loading={restarting}
          disabled={busy && !restarting}
        >
          Restart Backend
        </Button>
      </Actions>
      {confirming && (
        <Confirm role="alertdialog" aria-label="Confirm restart">
          <p>{RESTART_MESSAGES.confirm}</p>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button size="sm" variant="danger" onClick={() => void restart()}>
            Restart
          </Button>
        </Confirm>
      )}
      <Muted>
        Tip: the Research module needs live market data. Without Upstox or Yahoo Finance it works from the
        simulator's prices, labelled as simulated.
      </Muted>
      <LogPane entries={entries} onClear={log.clear} />
    </Stack>
  );
}
