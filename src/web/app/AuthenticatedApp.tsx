import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { itIT } from '@mui/material/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { resourceIndex } from '../../../generated/resourceIndex.ts';
import { PRINT_PREFIX, PrintPage } from '../resources/PrintPage.tsx';
import { ResourcePage } from '../resources/ResourcePage.tsx';
import { ProfilePage } from '../session/ProfilePage.tsx';
import { NotificationsProvider } from '../ui/notifications.tsx';
import { registerWorkflows } from '../workflows/registerWorkflows.ts';
import { ErrorPage } from '../ui/ErrorPage.tsx';
import { Guard } from './Guard.tsx';
import { HomePage } from './HomePage.tsx';
import { Layout } from './Layout.tsx';
import { PlainLayout } from './PlainLayout.tsx';
import { messages } from '../i18n/messages.ts';

// Large libraries load with their pages: the calendar, and the form library of the customer page.
const CustomerPage = lazy(() =>
  import('../workflows/customers/CustomerPage.tsx').then((mod) => ({ default: mod.CustomerPage })),
);
const PlanningCalendar = lazy(() =>
  import('../workflows/plannings/PlanningCalendar.tsx').then((mod) => ({ default: mod.PlanningCalendar })),
);

const InventoryPage = lazy(() =>
  import('../workflows/inventory/InventoryPage.tsx').then((mod) => ({ default: mod.InventoryPage })),
);
const NegotiationPage = lazy(() =>
  import('../workflows/negotiations/NegotiationPage.tsx').then((mod) => ({ default: mod.NegotiationPage })),
);
const NegotiationCalendar = lazy(() =>
  import('../workflows/negotiations/NegotiationCalendar.tsx').then((mod) => ({ default: mod.NegotiationCalendar })),
);
// The acceptance wizard brings signature_pad and IndexedDB: they load with it.
const AcceptancePage = lazy(() => import('../workflows/acceptance/AcceptancePage.tsx'));

registerWorkflows();

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

export function AuthenticatedApp() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <Routes>
            <Route element={<PlainLayout />}>
              <Route path={`${PRINT_PREFIX}/*`} element={<PrintPage />} />
            </Route>
            <Route element={<Layout />}>
              <Route element={<Guard />}>
                <Route index element={<HomePage />} />
                <Route path="/profile" element={<ProfilePage />} />
                <Route
                  path="/customers/:id?"
                  element={
                    <Suspense fallback={null}>
                      <CustomerPage />
                    </Suspense>
                  }
                />
                <Route
                  path="/plannings"
                  element={
                    <Suspense fallback={null}>
                      <PlanningCalendar />
                    </Suspense>
                  }
                />
                <Route
                  path="/inventarioMezzi/:id?"
                  element={
                    <Suspense fallback={null}>
                      <InventoryPage />
                    </Suspense>
                  }
                />
                <Route
                  path="/trattativeCp/trattativa/:id?"
                  element={
                    <Suspense fallback={null}>
                      <NegotiationPage />
                    </Suspense>
                  }
                />
                <Route
                  path="/trattativeCp/calendarioTrattative"
                  element={
                    <Suspense fallback={null}>
                      <NegotiationCalendar />
                    </Suspense>
                  }
                />
                <Route
                  path="/accettazioniMezzi/accettazioneMezzo/:id?"
                  element={
                    <Suspense fallback={null}>
                      <AcceptancePage />
                    </Suspense>
                  }
                />
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
