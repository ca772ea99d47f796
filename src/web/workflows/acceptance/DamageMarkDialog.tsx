import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  FormLabel,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useState } from 'react';
import type { DraftMark, GravitaDanno, TipoDanno } from '../../../domain/acceptance/index.ts';
import { GravitaDannoOptions, TipoDannoOptions } from '../../../../generated/enums.ts';
import { messages } from '../../i18n/messages.ts';
import { viewName } from './DamageOutline.tsx';
import { PhotoField } from './PhotoField.tsx';

const m = messages.damage;
const BIG_BUTTON = { minHeight: 52, textTransform: 'none', fontSize: '1rem' } as const;

/**
 * One mark: its type, severity, a description and at least one photo (taken as the wizard's other photos are, kept
 * on the tablet at once). `index` is its number when it already exists (it may then be removed).
 */
export function DamageMarkDialog({
  mark,
  index,
  onSave,
  onRemove,
  onClose,
}: {
  mark: DraftMark;
  index: number | null;
  onSave(mark: DraftMark): void;
  onRemove(): void;
  /** Closed without keeping: the photos it holds (those taken in it are no longer wanted). */
  onClose(photos: string[]): void;
}) {
  const [draft, setDraft] = useState(mark);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<DraftMark>) => setDraft((d) => ({ ...d, ...patch }));
  const confirm = () => {
    if (!draft.foto.length) return setError(m.photoRequired);
    onSave(draft);
  };
  return (
    <Dialog open onClose={() => onClose(draft.foto)} fullWidth maxWidth="md" aria-labelledby="danno-titolo">
      <DialogTitle id="danno-titolo">
        {index === null ? m.newMark(viewName(draft.vista)) : m.editMark(index + 1, viewName(draft.vista))}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Box>
          <FormLabel id="danno-tipo">{m.type}</FormLabel>
          <ToggleButtonGroup
            exclusive
            aria-labelledby="danno-tipo"
            value={draft.tipo}
            onChange={(_e, v: TipoDanno | null) => v && set({ tipo: v })}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', mt: 0.5 }}
          >
            {TipoDannoOptions.map((o) => (
              <ToggleButton key={o.value} value={o.value} sx={BIG_BUTTON}>
                {o.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Box>
          <FormLabel id="danno-gravita">{m.severity}</FormLabel>
          <ToggleButtonGroup
            exclusive
            fullWidth
            aria-labelledby="danno-gravita"
            value={draft.gravita}
            onChange={(_e, v: GravitaDanno | null) => v && set({ gravita: v })}
            sx={{ mt: 0.5 }}
          >
            {GravitaDannoOptions.map((o) => (
              <ToggleButton key={o.value} value={o.value} color="error" sx={BIG_BUTTON}>
                {`${o.value} · ${o.label}`}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <TextField
          label={m.description}
          value={draft.note ?? ''}
          onChange={(e) => set({ note: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Box>
          <PhotoField
            photos={draft.foto}
            onChange={(foto) => {
              set({ foto: foto.slice(0, 5) });
              if (foto.length) setError(null);
            }}
          />
          {error && (
            <FormHelperText error role="alert">
              {error}
            </FormHelperText>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1 }}>
        {index !== null && (
          <Button color="error" size="large" onClick={onRemove} sx={{ mr: 'auto' }}>
            {m.remove}
          </Button>
        )}
        <Button size="large" onClick={() => onClose(draft.foto)}>
          {m.cancel}
        </Button>
        <Button variant="contained" size="large" onClick={confirm}>
          {m.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
