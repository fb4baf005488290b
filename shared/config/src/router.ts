// What the apps use of react-router-dom, and all that the shared router chunk carries. A shared module is
// bundled whole (another app may use any of its exports), and react-router-dom whole is 26 KB of gzipped
// JavaScript on every page, mostly data-router code (loaders, actions, fetchers, hydration) no app uses.
// Every app's `react-router-dom` resolves here (see createAppConfig), so the shared singleton is this
// list and only the code behind it. An app that needs another export adds it here; the build fails
// otherwise ("export not found"), never the page.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom/dist/index.js';
