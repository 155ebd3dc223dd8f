import { RemoteVersion } from '@td/platform';
import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { PaperTradingPage } from './pages/paper-trading/paper-trading-page';
import { PortfolioPage } from './pages/portfolio/portfolio-page';
import { TradesPage } from './pages/trades/trades-page';

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  return (
    <>
      <Routes>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/portfolio" element={<PortfolioPage />} />
        <Route path="/trades" element={<TradesPage />} />
        <Route path="/paper-trading" element={<PaperTradingPage />} />
      </Routes>
      <RemoteVersion />
    </>
  );
}
