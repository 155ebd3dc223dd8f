import { ScreenNotBuilt } from '@td/platform';
import { Route, Routes } from 'react-router-dom';
import { PerformancePage } from './pages/performance/performance-page';
import { ResearchPage } from './pages/research/research-page';

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  const allocation = (
    <ScreenNotBuilt
      title="Daily Investment Allocation"
      summary="It will set the daily budget and strategy for the trading loop."
    />
  );
  return (
    <Routes>
      <Route path="/performance" element={<PerformancePage />} />
      <Route path="/research" element={<ResearchPage />} />
      <Route
        path="/risk"
        element={
          <ScreenNotBuilt
            title="Risk Management"
            summary="It will compute VaR, beta, drawdown and stress tests from positions."
          />
        }
      />
      <Route path="/allocation" element={allocation} />
      <Route path="/admin/allocation" element={allocation} />
      <Route
        path="/settings"
        element={
          <ScreenNotBuilt
            title="Settings"
            summary="It will hold the allocation, risk, notification, profile and data-source tabs."
          />
        }
      />
    </Routes>
  );
}
