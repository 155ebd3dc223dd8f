import { ScreenNotBuilt } from '@td/platform';
import { Route, Routes } from 'react-router-dom';

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  return (
    <Routes>
      <Route
        path="/ml-intelligence"
        element={
          <ScreenNotBuilt
            title="ML Intelligence"
            summary="It will show model health, decision quality and market sentiment."
          />
        }
      />
    </Routes>
  );
}
