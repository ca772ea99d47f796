import { Box, ListSubheader, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A group of a picker's list: its title as a subheader, or none (a list without groups). */
export function PickerGroup({ title, children }: { title: string | null; children: ReactNode }) {
  return (
    <li>
      {title !== null && (
        <ListSubheader component="div" sx={{ lineHeight: '32px' }}>
          {title}
        </ListSubheader>
      )}
      <ul style={{ padding: 0 }}>{children}</ul>
    </li>
  );
}

/** A record in a picker's list: its name, and under it what tells it from a namesake (code, VAT number, town). */
export function OptionText({ label, detail }: { label: string; detail?: string | null | undefined }) {
  return (
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
      <Typography variant="body2">{label}</Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {detail}
        </Typography>
      )}
    </Box>
  );
}
