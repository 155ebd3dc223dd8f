import { ScreenNotBuilt } from '@td/platform';
import { Route, Routes } from 'react-router-dom';

/** spec part 1 §2 route table, the part this remote owns. */
export function App() {
  const dashboard = (
    <ScreenNotBuilt
      title="Dashboard"
      summary="It will show portfolio tiles, market status and recent activity from the trading engine."
    />
  );
  return (
    <Routes>
      <Route path="/" element={dashboard} />
      <Route path="/dashboard" element={dashboard} />
      <Route
        path="/portfolio"
        element={
          <ScreenNotBuilt
            title="Portfolio"
            summary="It will list holdings with live prices and P&L from the ledger."
          />
        }
      />
      <Route
        path="/trades"
        element={
          <ScreenNotBuilt
            title="Trading History"
            summary="It will list every order and fill with charges and net P&L."
          />
        }
      />
      <Route
        path="/paper-trading"
        element={
          <ScreenNotBuilt
            title="Paper Trading"
            summary="It will show the paper account, its limits and today's performance."
          />
        }
      />
    </Routes>
  );
}
