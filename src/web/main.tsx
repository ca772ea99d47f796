import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router-dom';
import { setNavigator } from './app/navigation.ts';
import { LoginPage } from './session/LoginPage.tsx';
import { useSessionUser } from './session/useSessionUser.ts';

// Everything behind the login loads on demand: the login route stays small.
const AuthenticatedApp = lazy(() => import('./app/AuthenticatedApp.tsx').then((m) => ({ default: m.AuthenticatedApp })));

function RequireAuth() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) {
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={wanted === '/' ? '/login' : `/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return (
    <Suspense fallback={<div role="progressbar" aria-label="Caricamento" />}>
      <AuthenticatedApp />
    </Suspense>
  );
}

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '*', element: <RequireAuth /> },
]);

setNavigator((to, options) => void router.navigate(to, options));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
