// The one way a front end reaches React Router. Module Federation shares this module as a
// singleton (ARCHITECTURE.md "Shared singletons"): the router exists once at run time, and,
// unlike sharing react-router-dom itself, the build keeps only what is named here (a shared
// package is kept whole, ~62 KB gzip; these few are a fraction of it). A name missing here is a
// build error (exportsPresence), so add it here when a page needs one more.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Router,
  Routes,
  UNSAFE_NavigationContext,
  useLocation,
  useMatch,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
export type { Location, Navigator } from 'react-router-dom';
