import {
  Alert,
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { marksToShow, type DraftMark, type SagomaMezzo } from '../../../domain/acceptance/index.ts';
import { formatDate } from '../../../domain/dates.ts';
import { GravitaDannoOptions, SagomaMezzoOptions, TipoDannoOptions } from '../../../../generated/enums.ts';
import { messages } from '../../i18n/messages.ts';
import { DamageMarkDialog } from './DamageMarkDialog.tsx';
import { DamageLegend, DamageOutline, viewName } from './DamageOutline.tsx';
import type { AcceptanceWizardState } from './useAcceptanceWizard.ts';

const m = messages.damage;
export const typeName = (v: string) => TipoDannoOptions.find((o) => o.value === v)?.label ?? v;
export const severityName = (v: number) => GravitaDannoOptions.find((o) => o.value === v)?.label ?? String(v);
/** The outline drawn before the operator or the ERP chose one. */
const FALLBACK: SagomaMezzo = 'furgone';

const newId = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Page 1's damage: the outline of the machine's family with the earlier marks of this serial (black) and the new ones
 * (red); a tap opens a new mark, a tap on a red mark opens it again.
 */
export function DamageSection({ wizard }: { wizard: AcceptanceWizardState }) {
  const { saved, earlierMarks, setMarks, setField } = wizard;
  const [open, setOpen] = useState<{ mark: DraftMark; index: number | null } | null>(null);
  if (!saved) return null;
  const marks = saved.marks ?? [];
  const sagoma = saved.draft.sagoma ?? FALLBACK;
  const shown = marksToShow(earlierMarks, marks);
  const close = () => setOpen(null);
  const refused = Object.entries(wizard.errors).filter(([k]) => k === 'sagoma' || k.startsWith('danniSegnati'));
  return (
    <Box component="section" aria-labelledby="danni-titolo" sx={{ mt: 3 }}>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" id="danni-titolo">
          {m.title}
        </Typography>
        <ToggleButtonGroup
          exclusive
          aria-label={m.chooseOutline}
          value={saved.draft.sagoma ?? null}
          onChange={(_e, v: SagomaMezzo | null) => v && setField({ sagoma: v })}
        >
          {SagomaMezzoOptions.map((o) => (
            <ToggleButton key={o.value} value={o.value} sx={{ minHeight: 48, textTransform: 'none' }}>
              {o.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {m.help}
      </Typography>
      <DamageOutline
        sagoma={sagoma}
        marks={shown}
        onTap={(vista, x, y) =>
          setOpen({ mark: { id: newId(), vista, x, y, tipo: 'graffio', gravita: 1, foto: [] }, index: null })
        }
        onOpen={(mk) => {
          const index = Number(mk.label) - 1;
          const mark = marks[index];
          if (mark) setOpen({ mark, index });
        }}
      />
      <DamageLegend />
      {refused.map(([field, message]) => (
        <Alert key={field} severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ))}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mt: 1 }}>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {m.newTitle}
          </Typography>
          {!marks.length && <Typography color="text.secondary">{m.none}</Typography>}
          <List dense aria-label={m.newTitle}>
            {marks.map((mk, i) => (
              <ListItem key={mk.id} disablePadding>
                <ListItemButton onClick={() => setOpen({ mark: mk, index: i })} sx={{ minHeight: 48 }}>
                  <ListItemText
                    primary={m.newItem(
                      i + 1,
                      typeName(mk.tipo),
                      severityName(mk.gravita),
                      viewName(mk.vista),
                      mk.foto.length,
                    )}
                    secondary={mk.note}
                    slotProps={{ primary: { sx: { color: 'error.main', fontWeight: 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {m.earlierTitle}
          </Typography>
          {!earlierMarks.length && <Typography color="text.secondary">{m.none}</Typography>}
          <List dense aria-label={m.earlierTitle}>
            {earlierMarks.map((mk, i) => (
              <ListItem key={`${mk.accettazioneId}-${mk.indice}`}>
                <ListItemText
                  primary={m.earlierItem(
                    `P${i + 1}`,
                    typeName(mk.tipo),
                    severityName(mk.gravita),
                    viewName(mk.vista),
                    formatDate(mk.dataAccettazione),
                  )}
                  secondary={[mk.note, mk.riparatoIl ? m.repairedOn(formatDate(mk.riparatoIl)) : '']
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      </Box>
      {open && (
        <DamageMarkDialog
          mark={open.mark}
          index={open.index}
          onClose={(photos) => {
            // Photos taken for a mark that was not kept leave the tablet (those of kept marks stay: still named).
            wizard.dropPhotos(photos);
            close();
          }}
          onSave={(mark) => {
            setMarks(open.index === null ? [...marks, mark] : marks.map((x, i) => (i === open.index ? mark : x)));
            if (!saved.draft.sagoma) setField({ sagoma, danni: true });
            else setField({ danni: true });
            close();
          }}
          onRemove={() => {
            setMarks(marks.filter((_, i) => i !== open.index));
            close();
          }}
        />
      )}
    </Box>
  );
}
