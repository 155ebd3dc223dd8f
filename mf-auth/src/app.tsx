import { SignInPage } from './pages/sign-in/sign-in-page';

/**
 * The sign-in remote's one page (spec part 1 §2: /login). The host mounts it only there, signed out,
 * so it carries no router: the signed-out host downloads none for it (docs/decisions/0053).
 */
export function App() {
  return <SignInPage />;
}
