import { Alert, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';
import { SendDialog } from './SendDialog.tsx';

/** "Invia brochure": the brochure chosen (one without its PDF is said before sending) and the recipients. */
export function BrochureSend({
  record,
  onSend,
  onClose,
}: {
  record: Row;
  onSend(recipients: string[], brochure: Row): Promise<void>;
  onClose(): void;
}) {
  const brochures = useQuery({
    queryKey: ['lookup-rows', 'invioBrochure'],
    queryFn: async () =>
      (await resourceApi.listAll(resourceIndex.invioBrochure.list ?? '', resourceIndex.invioBrochure.sort)).data,
  });
  const [chosen, setChosen] = useState('');
  const brochure = brochures.data?.find((b) => String(b.id) === chosen);
  // A brochure is sent with its PDF: one without it is said before sending (the server refuses it too).
  const pdf = typeof brochure?.pdfNome === 'string' && brochure.pdfNome ? brochure.pdfNome : null;
  return (
    <SendDialog
      title={m.sends.brochure.title}
      text={m.sends.brochure.text}
      defaultRecipients={String(record.email ?? '')}
      ready={!!brochure && !!pdf}
      onSend={(to) => (brochure ? onSend(to, brochure) : Promise.resolve())}
      onClose={onClose}
    >
      <TextField
        select
        required
        label={m.sends.brochure.choose}
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        helperText={
          brochures.data?.length === 0
            ? m.sends.brochure.noneConfigured
            : pdf
              ? m.sends.brochure.attachment(pdf)
              : undefined
        }
      >
        {(brochures.data ?? []).map((b) => (
          <MenuItem key={String(b.id)} value={String(b.id)}>
            {String(b.description ?? b.oggetto ?? b.id)}
          </MenuItem>
        ))}
      </TextField>
      {brochure && !pdf && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {m.sends.brochure.noPdf(String(brochure.description ?? ''))}
        </Alert>
      )}
    </SendDialog>
  );
}
