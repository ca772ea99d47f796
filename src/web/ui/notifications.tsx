import { Alert, AlertTitle, Portal, Snackbar } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { messages } from '../i18n/messages.ts';
import { notificationBus, notify, type Notice } from './notificationBus.ts';

// SPEC.md sections 8 and 9: success closes after 5 s, a warning ("Attenzione") after 5 s; an error stays until closed.
export const NOTIFICATION_TIMEOUTS = { success: 5000, warning: 5000, info: 5000, error: null } as const;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => notificationBus.subscribe(setNotice), []);
  const close = () => setNotice(null);
  return (
    <>
      {children}
      {/* Mounted on body when shown, so an open dialog's aria-hidden does not silence it. */}
      {notice && (
        <Portal>
          <Snackbar
            key={notice.key}
            open
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
            autoHideDuration={NOTIFICATION_TIMEOUTS[notice.severity]}
            onClose={(_e, reason) => reason !== 'clickaway' && close()}
          >
            <Alert
              severity={notice.severity}
              variant="filled"
              onClose={notice.severity === 'error' ? close : undefined}
              role="alert"
              closeText={messages.actions.close}
            >
              {notice.severity === 'warning' && <AlertTitle>{messages.warningTitle}</AlertTitle>}
              {notice.message}
            </Alert>
          </Snackbar>
        </Portal>
      )}
    </>
  );
}

/** The notifier for components; the same one the API middleware uses. */
export function useNotify() {
  return notify;
}
