import { PlatformProvider, RemoteSlot } from '@td/platform';
import { focusRing, Modal } from '@td/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { OPEN_DIAGNOSTICS_EVENT } from '../host-services-factory';
import { useRemoteProps } from '../remotes/remote-outlet';

const Gear = styled.button`
  position: fixed;
  right: ${({ theme }) => theme.space(4)};
  bottom: ${({ theme }) => theme.space(4)};
  z-index: 900;
  width: 48px;
  height: 48px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  font-size: 22px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  ${focusRing}
`;

/**
 * spec part 1 "System Diagnostics & Control" and part 2 §2.10 "Connection Manager": the gear at the
 * bottom right of every screen, and the modal it, Fix Connection and openDiagnostics open. The
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
        <span aria-hidden="true">⚙</span>
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
