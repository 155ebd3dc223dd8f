import { lazyScreen } from '@td/platform';
import { Suspense, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { RedirectIfAuthenticated, RequireAuth } from '../auth/require-auth';
import { FullScreenLoading } from '../layout/full-screen-loading';
import { RemoteOutlet } from '../remotes/remote-outlet';
import { RouteErrorPage } from './route-error-page';
import { SCREENS } from './route-table';

/**
 * The signed-in shell (sidebar, top bar, mode switch, quick stats) is its own chunk: the sign-in page
 * does not download it (docs/decisions/0040). Bootstrap starts this import at once when a session
 * token is stored, so a signed-in page does not wait for the session check to ask for it.
 */
let shellLayout: typeof import('../layout/shell-layout') | undefined;
export const loadShellLayout = () =>
  import('../layout/shell-layout').then((module) => {
    shellLayout = module;
    return module;
  });
const LazyShellLayout = lazyScreen(loadShellLayout, 'ShellLayout');

/**
 * The layout without a Suspense round when its chunk is already in: bootstrap waits for it before a
 * signed-in first render (docs/decisions/0053), and React.lazy would still suspend once and show
 * "Loading...". Chosen once per mount, so the layout is never swapped under a mounted remote.
 */
function SignedInLayout() {
  const [loaded] = useState(() => shellLayout);
  if (loaded) return <loaded.ShellLayout />;
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <LazyShellLayout />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    element: <Outlet />,
    children: [
      {
        path: '/login',
        element: (
          <RedirectIfAuthenticated>
            <RemoteOutlet remote="auth" section="Sign-in" />
          </RedirectIfAuthenticated>
        ),
      },
      {
        element: (
          <RequireAuth>
            <SignedInLayout />
          </RequireAuth>
        ),
        children: SCREENS.map((screen) => ({
          path: screen.path,
          element: <RemoteOutlet key={screen.remote} remote={screen.remote} section={screen.section} />,
        })),
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
