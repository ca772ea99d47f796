import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { useNotify } from '../ui/notifications.tsx';
import { useRecordForm } from './useRecordForm.tsx';

function SettingsForm({ def, record }: { def: ResourceDefinition; record: Row }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { form, conflictAlert, formId, dirty, busy } = useRecordForm({
    def,
    record,
    onSave: async (row) => {
      const { data } = await resourceApi.update(def, Number(record.id), row);
      notify.success(messages.saved);
      queryClient.setQueryData(['single', def.name], data);
      return data;
    },
  });
  return (
    <Paper sx={{ p: 3, maxWidth: 900 }}>
      {conflictAlert}
      {form}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, mt: 2, alignItems: 'center' }}>
        {dirty && (
          <Typography variant="body2" color="warning.main">
            {messages.unsaved.title}
          </Typography>
        )}
        <Button type="submit" form={formId} variant="contained" disabled={busy || !dirty}>
          {messages.actions.save}
        </Button>
      </Box>
    </Paper>
  );
}

/** A resource that is one record (x-resource.single): the screen is its form, saved in place. */
export function SingleRecordScreen({ def }: { def: ResourceDefinition }) {
  const record = useQuery({
    queryKey: ['single', def.name],
    queryFn: async () => (await resourceApi.listAll(def.api.list?.path ?? '')).data[0] ?? null,
  });
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {def.label}
      </Typography>
      {record.isLoading && <CircularProgress aria-label={messages.loading} />}
      {record.data && <SettingsForm key={String(record.data.version)} def={def} record={record.data} />}
    </>
  );
}
