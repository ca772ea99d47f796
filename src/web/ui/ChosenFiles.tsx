import { Box, Button, TextField, Typography } from '@mui/material';
import { messages } from '../i18n/messages.ts';
import { Icon } from './Icon.tsx';

/** A file picked for upload and the description typed for it; nothing travels before "Carica". */
export interface ChosenFile {
  file: File;
  description: string;
  /** Why the server refused it last time, shown beside it until it is uploaded or taken off. */
  refused?: string;
}

const m = messages.chosenFiles;

/** Adds picked files to the choice, each with an empty description. */
export const addChosen = (chosen: ChosenFile[], files: File[]): ChosenFile[] => [
  ...chosen,
  ...files.map((file) => ({ file, description: '' })),
];

/**
 * The files chosen for upload, one row each with its description and a way to take it off, and "Carica":
 * so a description typed after picking a file travels with it (documents, negotiation attachments).
 */
export function ChosenFiles({
  chosen,
  busy,
  onChange,
  onUpload,
}: {
  chosen: ChosenFile[];
  busy: boolean;
  onChange(chosen: ChosenFile[]): void;
  onUpload(): void;
}) {
  if (chosen.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {m.hint}
      </Typography>
      {chosen.map((c, i) => (
        <Box key={`${c.file.name}-${String(i)}`} sx={{ mb: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>{c.file.name}</Typography>
            <TextField
              size="small"
              label={m.description(c.file.name)}
              value={c.description}
              onChange={(e) => onChange(chosen.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))}
              slotProps={{ htmlInput: { maxLength: 255 } }}
              sx={{ flexGrow: 1, minWidth: 220 }}
            />
            <Icon
              name="close"
              label={m.remove(c.file.name)}
              onClick={() => onChange(chosen.filter((_x, j) => j !== i))}
            />
          </Box>
          {c.refused && (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
              {c.refused}
            </Typography>
          )}
        </Box>
      ))}
      <Button variant="contained" disabled={busy} onClick={onUpload}>
        {m.upload}
      </Button>
    </Box>
  );
}
