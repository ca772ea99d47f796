import { Alert, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Severity = 'success' | 'error' | 'warning' | 'info';
interface Notice {
  key: number;
  severity: Severity;
  message: string;
}
interface Notify {
  success(message: string): void;
  error(message: string): void;
  warning(message: string): void;
}

const NotifyContext = createContext<Notify | null>(null);
// SPEC.md section 8: success closes by itself after 5 s; errors stay until closed.
const SUCCESS_MS = 5000;
const WARNING_MS = 5000;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback((severity: Severity, message: string) => {
    if (message === 'Sessione scaduta') return;
    setNotice({ key: Date.now(), severity, message });
  }, []);
  const notify = useMemo<Notify>(() => ({ success: (m) => show('success', m), error: (m) => show('error', m), warning: (m) => show('warning', m) }), [show]);
  const close = () => setNotice(null);
  const duration = notice?.severity === 'success' ? SUCCESS_MS : notice?.severity === 'warning' ? WARNING_MS : null;
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Snackbar key={notice?.key} open={!!notice} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={duration} onClose={(_e, reason) => reason !== 'clickaway' && close()}>
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={notice.severity === 'error' ? close : undefined} role="alert">
            {notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const n = useContext(NotifyContext);
  if (!n) throw new Error('useNotify outside NotificationsProvider');
  return n;
}
