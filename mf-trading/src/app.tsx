import { lazyScreen, RemoteVersion } from '@td/platform';
import { Skeleton } from '@td/ui';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from './pages/dashboard/dashboard-page';

// The dashboard is the first screen after sign-in and stays in the first load; the others are their
// own chunks, fetched when their route opens (docs/decisions/0040).
const PortfolioPage = lazyScreen(() => import('./pages/portfolio/portfolio-page'), 'PortfolioPage');
const TradesPage = lazyScreen(() => import('./pages/trades/trades-page'), 'TradesPage');
const PaperTradingPage = lazyScreen(
  () => import('./pages/paper-trading/paper-trading-page'),
  'PaperTradingPage',
);

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  return (
    <>
      <Suspense fallback={<Skeleton lines={6} label="Loading screen" />}>
        <Routes>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/portfolio" element={<PortfolioPage />} />
          <Route path="/trades" element={<TradesPage />} />
          <Route path="/paper-trading" element={<PaperTradingPage />} />
        </Routes>
      </Suspense>
      <RemoteVersion />
    </>
  );
}
