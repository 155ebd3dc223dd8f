import { RemoteVersion } from '@td/platform';
import { Route, Routes } from 'react-router-dom';
import { AutoScalingPage } from './pages/auto-scaling/auto-scaling-page';
import { ProductionScalingPage } from './pages/production-scaling/production-scaling-page';
import { TickStreamingPage } from './pages/tick-streaming/tick-streaming-page';

/** spec part 1 §2 route table, the part this remote owns; every screen names the build serving it. */
export function App() {
  return (
    <>
      <Routes>
        <Route path="/auto-scaling" element={<AutoScalingPage />} />
        <Route path="/production-scaling" element={<ProductionScalingPage />} />
        <Route path="/tick-streaming" element={<TickStreamingPage />} />
      </Routes>
      <RemoteVersion />
    </>
  );
}
