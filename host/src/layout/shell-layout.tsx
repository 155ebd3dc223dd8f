import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useHostServices } from '../remotes/host-services';
import { HaltBanner } from './halt-banner';
import { LiveTradingBanner } from './live-trading-banner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const Frame = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.body};
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    padding-left: 272px;
  }
`;

const Content = styled.main`
  min-width: 0;
`;

/** spec part 1 §2 "Shell": sidebar, top bar and the content area every guarded route sits in. */
export function ShellLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { subscribe, registry } = useHostServices();
  // Signed in, the stream announces registry changes at once; the 5 s poll remains the fallback.
  useEffect(() => subscribe('registry', () => void registry.refresh()), [subscribe, registry]);
  return (
    <Frame>
      <Sidebar open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <TopBar onOpenMenu={() => setDrawerOpen(true)} />
      <HaltBanner />
      <LiveTradingBanner />
      <Content id="content">
        <Outlet />
      </Content>
    </Frame>
  );
}
