import type { Toast } from '@td/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useHostServices } from '../remotes/host-services';

const Wrapper = styled.div`
  position: relative;
`;

const Bell = styled.button`
  position: relative;
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  padding: 6px 8px;
  line-height: 0;
  cursor: pointer;
  span { position: absolute; top: -6px; right: -6px; min-width: 18px; padding: 0 4px; border-radius: 9px;
    background: ${({ theme }) => theme.colors.negative}; font-size: 11px; line-height: 18px; }
`;

const List = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  width: min(340px, 90vw);
  max-height: 360px;
  overflow-y: auto;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.45);
  z-index: 50;
  p { margin: 0; padding: 8px 10px; font-size: 13px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  p:last-child { border-bottom: 0; }
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const HISTORY = 20;

function BellIcon() {
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
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/** The notifications of this session, newest first: what the toasts said, kept after they fade. */
export function NotificationsButton() {
  const { toasts } = useHostServices();
  const [history, setHistory] = useState<Toast[]>([]);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      toasts.subscribe((current) => {
        setHistory((previous) => {
          const known = new Set(previous.map((toast) => toast.id));
          const added = current.filter((toast) => !known.has(toast.id) && toast.kind !== 'loading');
          if (added.length) setUnread((n) => n + added.length);
          return [...added.reverse(), ...previous].slice(0, HISTORY);
        });
      }),
    [toasts],
  );

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => !wrapper.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <Wrapper ref={wrapper}>
      <Bell
        type="button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        onClick={() => {
          setOpen((v) => !v);
          setUnread(0);
        }}
      >
        <BellIcon />
        {unread > 0 && <span>{unread}</span>}
      </Bell>
      {open && (
        <List role="log" aria-label="Notifications">
          {history.length === 0 ? (
            <p>No notifications yet</p>
          ) : (
            history.map((toast) => (
              <p key={toast.id}>
                {toast.message}
                <small>{new Date(toast.createdAt).toLocaleTimeString('en-IN')}</small>
              </p>
            ))
          )}
        </List>
      )}
    </Wrapper>
  );
}
