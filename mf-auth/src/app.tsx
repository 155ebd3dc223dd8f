import { Route, Routes } from 'react-router-dom';
import { SignInPage } from './pages/sign-in/sign-in-page';

/** The sign-in remote's routes (spec part 1 §2). */
export function App() {
  return (
    <Routes>
      <Route path="/login" element={<SignInPage />} />
    </Routes>
  );
}
