import { Box, Button, Chip, TextField } from '@mui/material';
import { useState } from 'react';
import { negotiationMessages } from './negotiationMessages.ts';
import { SendDialog } from './SendDialog.tsx';

const m = negotiationMessages.sends.marketing;

/** A marketing brochure: subject and text written here, files attached, sent to each recipient. */
export function MarketingDialog({
  defaultRecipients,
  onSend,
  onClose,
}: {
  defaultRecipients: string;
  onSend(recipients: string[], oggetto: string, testo: string, files: File[]): Promise<void>;
  onClose(): void;
}) {
  const [oggetto, setOggetto] = useState('');
  const [testo, setTesto] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  return (
    <SendDialog
      title={m.title}
      text={m.text}
      defaultRecipients={defaultRecipients}
      ready={oggetto.trim() !== '' && testo.trim() !== ''}
      onSend={(to) => onSend(to, oggetto, testo, files)}
      onClose={onClose}
    >
      <TextField
        required
        label={m.subject}
        value={oggetto}
        onChange={(e) => setOggetto(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        required
        multiline
        minRows={4}
        label={m.body}
        value={testo}
        onChange={(e) => setTesto(e.target.value)}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button component="label">
          {m.chooseFiles}
          <input
            hidden
            multiple
            type="file"
            aria-label={m.files}
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])];
              setFiles((f) => [...f, ...chosen]);
              e.target.value = '';
            }}
          />
        </Button>
        {files.map((f, i) => (
          <Chip
            key={`${f.name}-${String(i)}`}
            label={f.name}
            onDelete={() => setFiles((all) => all.filter((_x, j) => j !== i))}
          />
        ))}
      </Box>
    </SendDialog>
  );
}
