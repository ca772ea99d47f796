import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { itIT } from '@mui/material/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { resourceIndex } from '../../../generated/resourceIndex.ts';
import { PRINT_PREFIX } from '../resources/printPath.ts';
import { ResourcePage } from '../resources/ResourcePage.tsx';
import { NotificationsProvider } from '../ui/notifications.tsx';
import { registerWorkflows, WORKFLOWS } from '../workflows/index.ts';
import { ErrorPage } from '../ui/ErrorPage.tsx';
import { Guard } from './Guard.tsx';
import { HomePage } from './HomePage.tsx';
import { Layout } from './Layout.tsx';
import { PlainLayout } from './PlainLayout.tsx';
import { messages } from '../i18n/messages.ts';

registerWorkflows();

// Screens no list needs load with their first visit: a list's table comes first.
const PrintPage = lazy(() => import('../resources/PrintPage.tsx').then((m) => ({ default: m.PrintPage })));
const ProfilePage = lazy(() => import('../session/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })));

const theme = createTheme(
  {
    palette: { primary: { main: '#1565c0' } },
    // Buttons read as written, in sentence case ("Torna ad Amministratore"), never upper-cased.
    components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  },
  itIT,
);
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
const screens = Object.values(resourceIndex).filter((r) => r.route);
// The hand-built pages: each loads with its first visit (large libraries with them: calendars, the form library).
const pages = WORKFLOWS.flatMap((w) => w.routes ?? []);

export function AuthenticatedApp() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <Routes>
            <Route element={<PlainLayout />}>
              <Route
                path={`${PRINT_PREFIX}/*`}
                element={
                  <Suspense fallback={null}>
                    <PrintPage />
                  </Suspense>
                }
              />
            </Route>
            <Route element={<Layout />}>
              <Route element={<Guard />}>
                <Route index element={<HomePage />} />
                <Route
                  path="/profile"
                  element={
                    <Suspense fallback={null}>
                      <ProfilePage />
                    </Suspense>
                  }
                />
                {pages.map(({ path, page: Page }) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      <Suspense fallback={null}>
                        <Page />
                      </Suspense>
                    }
                  />
                ))}
                {screens.map((r) => (
                  <Route key={r.name} path={r.route ?? ''} element={<ResourcePage name={r.name} />} />
                ))}
              </Route>
              <Route path="*" element={<ErrorPage status={404} message={messages.notFound} />} />
            </Route>
          </Routes>
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
