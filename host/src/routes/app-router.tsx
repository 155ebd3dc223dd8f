import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { RedirectIfAuthenticated, RequireAuth } from '../auth/require-auth';
import { ShellLayout } from '../layout/shell-layout';
import { RemoteOutlet } from '../remotes/remote-outlet';
import { RouteErrorPage } from './route-error-page';
import { SCREENS } from './route-table';

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
            <ShellLayout />
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
