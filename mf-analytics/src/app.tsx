import { lazyScreen } from '@td/platform';
import { Skeleton } from '@td/ui';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Each screen is its own chunk, fetched when its route opens: a trader who opens Performance does not
// download Research, Risk, Allocation and Settings with it (docs/decisions/0040).
const PerformancePage = lazyScreen(() => import('./pages/performance/performance-page'), 'PerformancePage');
const ResearchPage = lazyScreen(() => import('./pages/research/research-page'), 'ResearchPage');
const RiskPage = lazyScreen(() => import('./pages/risk/risk-page'), 'RiskPage');
const AllocationPage = lazyScreen(() => import('./pages/allocation/allocation-page'), 'AllocationPage');
const SettingsPage = lazyScreen(() => import('./pages/settings/settings-page'), 'SettingsPage');

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  return (
    <Suspense fallback={<Skeleton lines={6} label="Loading screen" />}>
      <Routes>
        <Route path="/performance" element={<PerformancePage />} />
        <Route path="/research" element={<ResearchPage />} />
        <Route path="/risk" element={<RiskPage />} />
        <Route path="/allocation" element={<AllocationPage />} />
        <Route path="/admin/allocation" element={<AllocationPage />} />
        <Route path="/settings" element={<SettingsPage />} />
      </Routes>
    </Suspense>
  );
}
