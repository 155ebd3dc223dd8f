import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { SIDEBAR_LINKS } from '../routes/route-table';
import { QuickStatsPanel } from './quick-stats-panel';
import { TradingModePanel } from './trading-mode-panel';

const Backdrop = styled.div<{ $open: boolean }>`
  position: fixed;
  inset: 0;
  z-index: 30;
  background: rgba(0, 0, 0, 0.55);
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    display: none;
  }
`;

const Panel = styled.aside<{ $open: boolean }>`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: 40;
  width: 272px;
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px 14px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  transition: transform 0.2s ease, visibility 0.2s;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    transform: none;
    visibility: visible;
  }
`;

const Brand = styled.div`
  font-weight: 700;
  font-size: 17px;
  padding: 4px 8px 8px;
  span { color: ${({ theme }) => theme.colors.primary}; }
`;

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 2px;
  a {
    padding: 9px 12px;
    border-radius: ${({ theme }) => theme.radius.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    font-size: 14px;
  }
  a:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
  a.active { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primaryText}; }
`;

const Footer = styled.footer`
  margin-top: auto;
  padding: 8px;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A drawer on small screens, fixed on large; it closes when a link is clicked (spec part 1 §2). */
export function Sidebar({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <>
      <Backdrop $open={open} onClick={onClose} aria-hidden="true" />
      <Panel $open={open} aria-label="Sidebar">
        <Brand>
          Trading <span>Dashboard</span>
        </Brand>
        <Nav aria-label="Main">
          {SIDEBAR_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} onClick={onClose}>
              {link.label}
            </NavLink>
          ))}
        </Nav>
        <QuickStatsPanel />
        <TradingModePanel />
        <Footer>v1.0</Footer>
      </Panel>
    </>
  );
}
