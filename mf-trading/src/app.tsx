import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from './dashboard/dashboard-page';
import { PaperTradingPage } from './paper/paper-trading-page';
import { PortfolioPage } from './portfolio/portfolio-page';
import { TradesPage } from './trades/trades-page';

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/portfolio" element={<PortfolioPage />} />
      <Route path="/trades" element={<TradesPage />} />
      <Route path="/paper-trading" element={<PaperTradingPage />} />
    </Routes>
  );
}
