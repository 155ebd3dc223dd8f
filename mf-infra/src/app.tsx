import { ScreenNotBuilt } from '@td/platform';
import { Route, Routes } from 'react-router-dom';

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  return (
    <Routes>
      <Route
        path="/auto-scaling"
        element={
          <ScreenNotBuilt
            title="Auto-Scaling Monitor"
            summary="It will show process load and the scaling rules."
          />
        }
      />
      <Route
        path="/production-scaling"
        element={
          <ScreenNotBuilt
            title="Production Scaling"
            summary="It will show the capital phases and their limits."
          />
        }
      />
      <Route
        path="/tick-streaming"
        element={
          <ScreenNotBuilt
            title="Tick Streaming"
            summary="It will show the live feed's health, latency and tick rates."
          />
        }
      />
    </Routes>
  );
}
