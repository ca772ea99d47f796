import { StrictMode, lazy, Suspense, useLayoutEffect, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { api, apiBaseUrl } from './api/client.ts';
import { installResilience, reloadAfterChunkError } from './app/resilience.ts';
import { AuthCallbackPage } from './session/AuthCallbackPage.tsx';
import { sessionMiddleware } from './session/authProvider.ts';
import { LoginPage } from './session/LoginPage.tsx';
import { setNavigator } from './session/navigation.ts';
import { sessionState } from './session/sessionState.ts';
import { tokenStore } from './session/tokenStore.ts';
import { FirstFrame } from './resources/FirstFrame.tsx';
import { firstFrame } from './resources/firstFrame.ts';
import { useSessionUser } from './session/useSessionUser.ts';
import { messages } from './i18n/messages.ts';
import { localeCookie } from './i18n/locale.ts';
// The customer's offer page, outside the back office (its workflow's public routes, light for the login route).
import { publicRoutes } from './workflows/public-offer/publicRoutes.ts';

// Everything behind the login loads on demand: the login route stays small.
const loadAuthenticatedApp = () => import('./app/AuthenticatedApp.tsx');
const AuthenticatedApp = lazy(() =>
  firstFrame
    .ready()
    .then(loadAuthenticatedApp)
    .then(
      (m) => ({ default: m.AuthenticatedApp }),
      (err: unknown) => {
        reloadAfterChunkError();
        throw err;
      },
    ),
);

// The signed-in app when its code had arrived before React's first render: drawn at once, not behind a Suspense
// fallback. React holds back the content of a boundary that showed its fallback for 300 ms after it (its
// "fallback throttle"): a list opened cold sat idle that long between the app's code and its table.
let arrivedApp: ComponentType | null = null;

// `npm run dev:mock` only (VITE_MOCK): the login page with a choice of the mock's user; a build for the server
// has none of it.
const MockLoginPage = import.meta.env.VITE_MOCK === '1' ? lazy(() => import('./session/MockLoginPage.tsx')) : null;

/** The app is there, drawn directly: the list's picture above it goes. */
function PictureReplaced() {
  useLayoutEffect(() => firstFrame.replaced(), []);
  return null;
}

function RequireAuth() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) {
    const wanted = `${location.pathname}${location.search}`;
    const plain = wanted === '/' || sessionState.takeLoggedOut();
    return <Navigate to={plain ? '/login' : `/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  const App = arrivedApp ?? AuthenticatedApp;
  return (
    <Suspense fallback={<FirstFrame loading={messages.loading} />}>
      <App />
      <PictureReplaced />
    </Suspense>
  );
}

// A router without loaders or actions (no screen uses them): React Router's data router stays out of the
// login route's bundle.
const sentElsewhere = (pathname: string) => firstFrame.leftFor(pathname);
/** Sent elsewhere before the app is there (to the login page, say): the list's picture goes. */
function PictureLeaves() {
  const { pathname } = useLocation();
  useLayoutEffect(() => sentElsewhere(pathname), [pathname]);
  return null;
}

/** Code outside React (the API middleware, the push hub) moves the router through its own navigate. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useLayoutEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}

const loginPage = MockLoginPage ? (
  <Suspense fallback={null}>
    <MockLoginPage />
  </Suspense>
) : (
  <LoginPage />
);
const outsidePaths = ['/login', '/auth/callback', ...publicRoutes.map((r) => r.path)];

// Before the router is rendered (it waits for a list's first frame), an address changed in place is where
// the router starts.
setNavigator((to, options) => {
  if (options?.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  sentElsewhere(window.location.pathname);
});
// Every call of the typed client carries the session's token and reports its failures to the session.
api.use(sessionMiddleware(apiBaseUrl));
installResilience(loadAuthenticatedApp);
document.cookie = localeCookie(location.protocol === 'https:');
// A diagnostic handle: the same typed client the screens use, middleware and all (used by the browser tests).
(window as unknown as { crm: { api: typeof api } }).crm = { api };

// A signed-in user opening a screen of the app: a list's rows start loading with this script and show in a
// first frame (firstFramePicture.ts) before the app's code is evaluated; the list then takes them without
// asking again.
// React's first render waits until the list's rows are painted (or will not be) and, for a signed-in user,
// until the app's code has arrived (a failed load is the lazy component's to report).
let appReady = firstFrame.ready();
const user = tokenStore.user();
if (user && !outsidePaths.some((path) => matchPath(path, location.pathname))) {
  if (location.pathname !== '/') firstFrame.expect(1500);
  void import('./resources/listPreload.ts')
    .then((m) => m.preloadList(location.pathname, location.search, user.roles))
    .catch(() => firstFrame.done());
  appReady = firstFrame
    .ready()
    .then(loadAuthenticatedApp)
    .then((m) => void (arrivedApp = m.AuthenticatedApp))
    .catch(() => undefined);
}

const render = () => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <BrowserRouter>
        <NavigatorBridge />
        <PictureLeaves />
        <Routes>
          <Route path="/login" element={loginPage} />
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          {publicRoutes.map(({ path, page: Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<div role="progressbar" aria-label={messages.loading} />}>
                  <Page />
                </Suspense>
              }
            />
          ))}
          <Route path="*" element={<RequireAuth />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
};
void appReady.then(render);
