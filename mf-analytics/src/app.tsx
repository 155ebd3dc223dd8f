import { Skeleton } from '@td/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Each screen is its own chunk, fetched when its route opens: a trader who opens Performance does not
// download Research, Risk, Allocation and Settings with it (docs/decisions/0040).
const PerformancePage = lazy(() =>
  import('./pages/performance/performance-page').then((m) => ({ default: m.PerformancePage })),
);
const ResearchPage = lazy(() =>
  import('./pages/research/research-page').then((m) => ({ default: m.ResearchPage })),
);
const RiskPage = lazy(() => import('./pages/risk/risk-page').then((m) => ({ default: m.RiskPage })));
const AllocationPage = lazy(() =>
  import('./pages/allocation/allocation-page').then((m) => ({ default: m.AllocationPage })),
);
const SettingsPage = lazy(() =>
  import('./pages/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);

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
