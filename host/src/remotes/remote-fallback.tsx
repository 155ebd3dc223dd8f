import { Button } from '@td/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

const Panel = styled.section`
  margin: 24px;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  h2 { margin: 0 0 8px; font-size: 18px; }
  p { margin: 4px 0 12px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

interface Props {
  section: string;
  reason: string;
  nextRetryMs?: number | null;
  onRetry(): void;
}

/** The contained fallback of one section: names it, says why, offers Retry; the shell stays usable. */
export function RemoteFallback({ section, reason, nextRetryMs, onRetry }: Props) {
  const seconds = useCountdown(nextRetryMs ?? null);
  return (
    <Panel role="alert" aria-label={`${section} unavailable`}>
      <h2>{section} is unavailable</h2>
      <p>This section could not be loaded. The rest of the dashboard keeps working.</p>
      <p>
        <small>{reason}</small>
      </p>
      {seconds !== null && <p>Trying again in {seconds} s.</p>}
      <Button onClick={onRetry}>Retry</Button>
    </Panel>
  );
}

function Loading({ section }: { section: string }) {
  return (
    <Panel as="div" role="status" style={{ borderColor: 'transparent' }}>
      <p>Loading {section}...</p>
    </Panel>
  );
}
RemoteFallback.Loading = Loading;

function useCountdown(ms: number | null): number | null {
  const [left, setLeft] = useState(ms === null ? null : Math.ceil(ms / 1000));
  useEffect(() => {
    if (ms === null) {
      setLeft(null);
      return;
    }
    const end = Date.now() + ms;
    setLeft(Math.ceil(ms / 1000));
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [ms]);
  return left;
}
