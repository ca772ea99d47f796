import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { messages } from '../../i18n/messages.ts';

/** The day's chart, and so every state of the card: the card keeps one height whatever it shows. */
export const TOTALS_HEIGHT = 140;

/**
 * The call report's totals card: its figures and chart, or while they load (the chart library, the day's totals)
 * its title in the same room, so that the table below never moves when they arrive.
 */
export function CallTotalsFrame({ children }: { children?: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-label={messages.contactCentre.totalsTitle}
      aria-busy={!children}
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
    >
      {children ?? (
        <Stack sx={{ minHeight: TOTALS_HEIGHT }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {messages.contactCentre.totalsTitle}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}
