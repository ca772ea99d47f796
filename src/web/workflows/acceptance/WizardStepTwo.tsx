import { Alert, Box, TextField, Typography } from '@mui/material';
import { messages } from '../../i18n/messages.ts';
import { SignatureField } from '../../ui/SignatureField.tsx';
import { CheckField } from './CheckField.tsx';
import { PhotoField } from './PhotoField.tsx';
import type { AcceptanceWizardState } from './useAcceptanceWizard.ts';

const m = messages.acceptance;

/** The second page: the checks of each type, the photos, the customer's signature, the notes. */
export function WizardStepTwo({ wizard }: { wizard: AcceptanceWizardState }) {
  const { saved, errors, types, setField, update } = wizard;
  if (!saved) return null;
  const { draft } = saved;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {m.checks}
        </Typography>
        {types.length === 0 && <Typography color="text.secondary">{m.noChecks}</Typography>}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {types.map((t) => (
            <CheckField
              key={t.id}
              type={t}
              value={t.id === undefined ? null : draft.controlli[t.id]}
              error={errors[`controlli.${t.id}`]}
              onChange={(v) => t.id !== undefined && setField({ controlli: { ...draft.controlli, [t.id]: v } })}
            />
          ))}
        </Box>
      </Box>
      <PhotoField photos={saved.photos} onChange={(photos) => update({ photos })} error={errors.foto} />
      {!!saved.marks?.length && <Alert severity="info">{messages.damage.signatureCovers(saved.marks.length)}</Alert>}
      <SignatureField
        value={saved.signature}
        onChange={(signature) => {
          update({ signature });
          if (signature) wizard.clearErrors(['firma']);
        }}
        error={errors.firma}
        required
        texts={{ label: m.signature, help: m.signatureHelp, clear: m.clearSignature }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {(['noteCliente', 'noteInterne'] as const).map((field) => (
          <TextField
            key={field}
            id={field}
            label={field === 'noteCliente' ? m.customerNotes : m.internalNotes}
            multiline
            minRows={3}
            value={draft[field] ?? ''}
            onChange={(ev) => setField({ [field]: ev.target.value })}
            error={!!errors[field]}
            helperText={errors[field]}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        ))}
      </Box>
    </Box>
  );
}
