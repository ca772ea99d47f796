import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Button, IconButton, Paper, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { messages } from '../../i18n/messages.ts';

const m = messages.inventory;

/** The code typed or scanned: the search bar of an inventory's items, with the scanner beside it. */
export function ItemSearch(props: { typed: string; onType(text: string): void; onSearch(): void; onScan(): void }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch();
  };
  return (
    <Paper component="form" role="search" onSubmit={submit} sx={{ p: 1, display: 'flex', gap: 1, mb: 1 }}>
      <TextField
        size="small"
        label={m.search}
        value={props.typed}
        onChange={(e) => props.onType(e.target.value)}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { maxLength: 255, autoCapitalize: 'characters', enterKeyHint: 'search' } }}
      />
      <IconButton aria-label={m.scan} onClick={props.onScan} color="primary">
        <QrCodeScannerIcon />
      </IconButton>
      <Button type="submit" variant="outlined">
        {m.searchButton}
      </Button>
    </Paper>
  );
}
