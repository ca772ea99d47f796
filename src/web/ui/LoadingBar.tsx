import { LinearProgress } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { loadingBar } from '../api/loadingBar.ts';
import { messages } from '../i18n/messages.ts';

export function LoadingBar() {
  const pending = useSyncExternalStore(loadingBar.subscribe, loadingBar.pending);
  return (
    <LinearProgress
      aria-label={messages.loading}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 1500,
        visibility: pending > 0 ? 'visible' : 'hidden',
      }}
    />
  );
}
