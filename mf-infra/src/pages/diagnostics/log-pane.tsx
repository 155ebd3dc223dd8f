import { Button, formatIstClock, toneColour } from '@td/ui';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { LogEntry, LogTone } from './diagnostics-log';

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  max-height: 180px;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.background};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.6;
`;

const Line = styled.li<{ $colour: string }>`
  color: ${({ $colour }) => $colour};
  overflow-wrap: anywhere;
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    margin-right: ${({ theme }) => theme.space(2)};
  }
`;

const TONES: Record<LogTone, Parameters<typeof toneColour>[0]> = {
  info: 'neutral',
  success: 'positive',
  warning: 'warning',
  error: 'negative',
};

/** What the modal did, oldest first, with Clear. */
export function LogPane({ entries, onClear }: { entries: readonly LogEntry[]; onClear(): void }) {
  const lines = useRef<HTMLOListElement>(null);
  // The newest line stays in view as the log grows.
  useEffect(() => {
    if (lines.current && entries.length > 0) lines.current.scrollTop = lines.current.scrollHeight;
  }, [entries]);
  return (
    <section aria-label="Log">
      <Header>
        <h3>Log</h3>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={entries.length === 0}>
          Clear
        </Button>
      </Header>
      <Lines ref={lines} aria-label="Diagnostics log" aria-live="polite">
        {entries.length === 0 && <Line $colour={toneColour('neutral')}>Nothing logged yet.</Line>}
        {entries.map((entry) => {
          const iso = new Date(entry.at).toISOString();
          return (
            <Line key={entry.id} $colour={entry.tone === 'info' ? 'inherit' : toneColour(TONES[entry.tone])}>
              <time dateTime={iso}>{formatIstClock(iso)}</time>
              {entry.message}
            </Line>
          );
        })}
      </Lines>
    </section>
  );
}
