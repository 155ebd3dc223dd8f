import { Route, Routes } from 'react-router-dom';
import { AllocationPage } from './pages/allocation/allocation-page';
import { PerformancePage } from './pages/performance/performance-page';
import { ResearchPage } from './pages/research/research-page';
import { RiskPage } from './pages/risk/risk-page';
import { SettingsPage } from './pages/settings/settings-page';

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  return (
    <Routes>
      <Route path="/performance" element={<PerformancePage />} />
      <Route path="/research" element={<ResearchPage />} />
      <Route path="/risk" element={<RiskPage />} />
      <Route path="/allocation" element={<AllocationPage />} />
      <Route path="/admin/allocation" element={<AllocationPage />} />
      <Route path="/settings" element={<SettingsPage />} />
    </Routes>
  );
}
