import { RemoteVersion } from '@td/platform';
import { Route, Routes } from 'react-router-dom';
import { MlIntelligencePage } from './pages/ml-intelligence/ml-intelligence-page';

/** spec part 2 §2 route table, the part this remote owns; every screen names the build serving it. */
export function App() {
  return (
    <>
      <Routes>
        <Route path="/ml-intelligence" element={<MlIntelligencePage />} />
      </Routes>
      <RemoteVersion />
    </>
  );
}
