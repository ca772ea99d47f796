import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '../../../../generated/api.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { ApiError, toApiError } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import type { Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import type { RowAction } from '../../resources/resourceExtensions.ts';
import { useNotify } from '../../ui/notifications.tsx';
import { sidePanel } from '../../ui/sidePanelEvents.ts';
import { negotiationMessages as nm } from './negotiationMessages.ts';

const m = nm.brochurePdf;
// Files go to and come from the server that served the app (a contract proxy in between only speaks JSON).
const files = { baseUrl: window.location.origin };

async function uploadPdf(id: number, file: File) {
  const { data, error, response } = await api.PUT('/api/invio-brochure/{id}/pdf', {
    ...files,
    params: { path: { id } },
    // The typed body stands for the multipart form the serializer builds.
    body: {} as unknown as components['schemas']['PdfUpload'],
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', file);
      return form;
    },
  });
  if (!response.ok || !data) throw toApiError(response.status, error);
  return data.data;
}

async function openPdf(id: number) {
  const { data, error, response } = await api.GET('/api/invio-brochure/{id}/pdf', {
    ...files,
    params: { path: { id } },
    parseAs: 'blob',
  });
  if (!response.ok) throw toApiError(response.status, error);
  window.open(URL.createObjectURL(data as unknown as Blob), '_blank', 'noopener');
}

/** The brochure's PDF: which file is attached to its e-mails, and the upload that adds or replaces it. */
function BrochurePdfBody({ brochure }: { brochure: Row }) {
  const id = Number(brochure.id);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState({ name: brochure.pdfNome, size: brochure.pdfDimensione });
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadPdf(id, file),
    onSuccess: async (saved) => {
      setCurrent({ name: saved.pdfNome, size: saved.pdfDimensione });
      notify.success(m.saved);
      await queryClient.invalidateQueries({ queryKey: ['list', 'invioBrochure'] });
      await queryClient.invalidateQueries({ queryKey: ['lookup-rows', 'invioBrochure'] });
    },
    onError: (err) =>
      setProblem(err instanceof ApiError ? (err.body.violations?.[0]?.message ?? err.message) : messages.networkError),
  });
  function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    // The server checks the content; this spares an upload of what is plainly not a PDF.
    if (file.type && file.type !== 'application/pdf') return setProblem(m.wrongType);
    upload.mutate(file);
  }
  const name = typeof current.name === 'string' && current.name ? current.name : null;
  return (
    <Stack spacing={2}>
      {name ? (
        <Typography>{m.attached(name, displayFormats.fileSize(current.size))}</Typography>
      ) : (
        <Alert severity="warning">{m.none}</Alert>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" component="label" disabled={upload.isPending}>
          {name ? m.replace : m.choose}
          <input
            hidden
            type="file"
            accept=".pdf,application/pdf"
            aria-label={m.choose}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        {name && <Button onClick={() => void openPdf(id).catch(() => undefined)}>{m.open}</Button>}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {m.hint}
      </Typography>
    </Stack>
  );
}

/** "PDF della brochure" on each row of Configurazioni › Invio brochure. */
export const brochurePdf: RowAction = {
  icon: 'pdf',
  label: (row) => m.title(String(row.description ?? '')),
  applies: () => true,
  async run(_call, row) {
    sidePanel.open({
      title: m.title(String(row.description ?? '')),
      body: <BrochurePdfBody brochure={row} />,
    });
  },
};
