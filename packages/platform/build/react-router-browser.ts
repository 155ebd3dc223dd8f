/**
 * The part of react-router-dom the browser uses, shared as `react-router-dom` instead of the whole
 * package. A shared module is never tree-shaken, and the package's index also carries its server
 * half (request handlers, cookies, session storage): sharing this file instead lets the bundler drop
 * what no screen imports (docs/decisions/0040). A name a screen needs goes here first;
 * react-router-browser.test.ts fails when a source file imports one that is missing.
 */

export type { RouteObject } from 'react-router-dom-complete';
export {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  RouterProvider,
  Routes,
  useHref,
  useLocation,
  useMatch,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom-complete';
