// The shared 'react-router' entry: react-router's public client API (data, declarative and
// component routing). A shared module is never tree-shaken, and the whole react-router 7 package
// (server rendering, sessions, cookies, RSC, framework mode) is ~60 KB gzip; this list is what the
// apps can use (build/router-api.js checks every import against it and that the installed
// react-router exports each name). 'newsdesk-react-router-dist' is a webpack alias of the installed
// react-router's dist file for the mode, so this entry never consumes the share it provides.
export {
  Await, BrowserRouter, Form, HashRouter, IDLE_BLOCKER, IDLE_FETCHER, IDLE_NAVIGATION, Link,
  MemoryRouter, NavLink, Navigate, NavigationType, Outlet, Route, Router, RouterContextProvider,
  RouterProvider, Routes, ScrollRestoration, UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext, UNSAFE_LocationContext, UNSAFE_NavigationContext,
  UNSAFE_RouteContext, createBrowserRouter, createContext, createHashRouter, createMemoryRouter,
  createPath, createRoutesFromChildren, createRoutesFromElements, createSearchParams, data,
  generatePath, href, isRouteErrorResponse, matchPath, matchRoutes, parsePath, redirect,
  redirectDocument, renderMatches, replace, resolvePath, unstable_HistoryRouter,
  unstable_usePrompt, useActionData, useAsyncError, useAsyncValue, useBeforeUnload, useBlocker,
  useFetcher, useFetchers, useFormAction, useHref, useInRouterContext, useLinkClickHandler,
  useLoaderData, useLocation, useMatch, useMatches, useNavigate, useNavigation, useNavigationType,
  useOutlet, useOutletContext, useParams, useResolvedPath, useRevalidator, useRouteError,
  useRouteLoaderData, useRoutes, useSearchParams, useSubmit, useViewTransitionState
} from 'newsdesk-react-router-dist';
