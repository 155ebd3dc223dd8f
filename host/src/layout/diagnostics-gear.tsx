import { PlatformProvider, RemoteSlot } from '@td/platform';
import { focusRing, Modal } from '@td/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { OPEN_DIAGNOSTICS_EVENT } from '../host-events';
import { useRemoteProps } from '../remotes/remote-outlet';

/** Sized like the bell beside it: the top bar is the gear's own space, so it never covers content. */
const Gear = styled.button`
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  padding: 6px 8px;
  line-height: 0;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  ${focusRing}
`;

/** Drawn, not the ⚙ character: its glyph differs between fonts and is missing on some machines. */
function GearIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09a1.65 1.65 0 0 0-1.08-1.51 1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06a1.65 1.65 0 0 0 .33-1.82 1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06a1.65 1.65 0 0 0 1.82.33H9a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06a1.65 1.65 0 0 0-.33 1.82V9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
    </svg>
  );
}

/**
 * spec part 1 "System Diagnostics & Control" and part 2 §2.10 "Connection Manager": the gear in the
 * top bar of every screen (not floating: docs/decisions/0024-figures-that-mislead.md), and the
 * modal it, Fix Connection and openDiagnostics open. The
 * modal is the host's; its content is mf-infra's `./Diagnostics`, so if mf-infra is down only the
 * modal's body says so.
 */
export function DiagnosticsGear() {
  const [open, setOpen] = useState(false);
  const props = useRemoteProps('infra', 'unknown');

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_DIAGNOSTICS_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_DIAGNOSTICS_EVENT, onOpen);
  }, []);

  return (
    <>
      <Gear
        type="button"
        aria-label="System diagnostics"
        title="System diagnostics"
        onClick={() => setOpen(true)}
      >
        <GearIcon />
      </Gear>
      <Modal open={open} onClose={() => setOpen(false)} title="System Diagnostics & Control" size="md">
        {open && (
          <PlatformProvider value={props}>
            <RemoteSlot remote="infra" module="Diagnostics" section="Diagnostics" />
          </PlatformProvider>
        )}
      </Modal>
    </>
  );
}
