import { useEngineStatus, usePortfolioOverview } from '@td/api-client';
import { formatINR, formatSignedINR, pnlTone, toneColour } from '@td/ui';
import styled from 'styled-components';
import { DiagnosticsGear } from './diagnostics-gear';
import { EmergencyStopButton } from './emergency-stop-button';
import { NotificationsButton } from './notifications-button';
import { UserMenu } from './user-menu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 10px 20px;
  min-height: 56px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 14px;
  @media (max-width: 767px) {
    gap: 10px;
    padding: 8px 12px;
    flex-wrap: wrap;
  }
`;

const MenuButton = styled.button`
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 6px 10px;
  font-size: 16px;
  cursor: pointer;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    display: none;
  }
`;

const Status = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const Dot = styled.span<{ $on: boolean }>`
  width: 9px;
  height: 9px;
  border-radius: 50%;
  background: ${({ $on, theme }) => ($on ? theme.colors.positive : theme.colors.textMuted)};
`;

const Figure = styled.span`
  display: inline-flex;
  flex-direction: column;
  line-height: 1.2;
  small { font-size: 11px; color: ${({ theme }) => theme.colors.textMuted}; }
  strong { font-variant-numeric: tabular-nums; }
`;

const Spacer = styled.span`
  flex: 1;
`;

const Actions = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  margin-left: auto;
`;

/** spec part 1 §2 "Top bar": engine and market state, portfolio value, daily P&L, notifications, diagnostics, user. */
export function TopBar({ onOpenMenu }: { onOpenMenu(): void }) {
  const engines = useEngineStatus();
  const overview = usePortfolioOverview();
  const active = engines.data?.trading_active ?? false;
  const loopText = engines.isError ? 'Engine status unavailable' : engines.data?.trading_loop.status_text;
  const market = engines.data?.market_status;
  const portfolio = overview.data?.data;
  return (
    <Bar>
      <MenuButton type="button" aria-label="Open menu" onClick={onOpenMenu}>
        ☰
      </MenuButton>
      <Status
        title={loopText}
        aria-label={loopText ? `${active ? 'Active' : 'Inactive'}: ${loopText}` : undefined}
      >
        <Dot $on={active} aria-hidden="true" />
        {active ? 'Active' : 'Inactive'}
      </Status>
      <Status title={market?.description}>
        {market ? (market.is_open ? 'Market Open' : 'Market Closed') : 'Market status unavailable'}
        {market?.simulated && <small>(simulated)</small>}
      </Status>
      <Spacer />
      <Figure>
        <small>Portfolio Value</small>
        <strong>{portfolio ? formatINR(portfolio.portfolio_value) : '—'}</strong>
      </Figure>
      <Figure>
        <small>Daily P&amp;L</small>
        <strong style={portfolio ? { color: toneColour(pnlTone(portfolio.day_change)) } : undefined}>
          {portfolio ? formatSignedINR(portfolio.day_change) : '—'}
        </strong>
      </Figure>
      <Actions>
        <EmergencyStopButton />
        <NotificationsButton />
        <DiagnosticsGear />
        <UserMenu />
      </Actions>
    </Bar>
  );
}
