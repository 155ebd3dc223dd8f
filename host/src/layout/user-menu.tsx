import { errorMessage } from '@td/api-client';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from '../auth/auth-provider';
import { useHostServices } from '../remotes/host-services';

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: flex;
  align-items: center;
  gap: 8px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  border-radius: 999px;
  padding: 4px 12px 4px 4px;
  cursor: pointer;
  font: inherit;
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 700;
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  min-width: 220px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.45);
  header { padding: 8px 10px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; margin-bottom: 4px; }
  header small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
  a, button { display: block; width: 100%; text-align: left; padding: 8px 10px; border: 0; background: none;
    color: ${({ theme }) => theme.colors.text}; text-decoration: none; font: inherit; border-radius: 6px; cursor: pointer; }
  a:hover, button:hover { background: ${({ theme }) => theme.colors.surface}; }
`;

const Name = styled.span`
  @media (max-width: 767px) {
    display: none;
  }
`;

/** spec part 1 §2: name or username (fallback 'User'), email (fallback 'Trading Account'); closes on an outside click. */
export function UserMenu() {
  const { user, logout, logoutEverywhere } = useAuth();
  const { notify } = useHostServices();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const name = user?.name || user?.username || 'User';
  const email = user?.email || 'Trading Account';

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Wrapper ref={wrapper}>
      <Trigger
        type="button"
        aria-label={`User menu: ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar aria-hidden="true">{name.charAt(0).toUpperCase()}</Avatar>
        <Name>{name}</Name>
      </Trigger>
      {open && (
        <Menu role="menu" aria-label="User menu">
          <header>
            <strong>{name}</strong>
            <small>{email}</small>
          </header>
          <Link role="menuitem" to="/" onClick={() => setOpen(false)}>
            Market Insights
          </Link>
          <Link role="menuitem" to="/settings" onClick={() => setOpen(false)}>
            Settings
          </Link>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            Sign Out
          </button>
          <button
            type="button"
            role="menuitem"
            title="End every session of this account, on every device"
            onClick={() => {
              setOpen(false);
              logoutEverywhere().catch((error: unknown) =>
                notify('error', errorMessage(error, 'Could not sign out everywhere. Try again.')),
              );
            }}
          >
            Sign Out Everywhere
          </button>
        </Menu>
      )}
    </Wrapper>
  );
}
