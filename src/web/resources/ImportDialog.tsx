import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { missingRequired } from '../../domain/import/columnMapping.ts';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { ApiError } from '../api/apiError.ts';
import { resourceApi, type ImportJob } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { ImportMapping, ImportProblems } from './ImportParts.tsx';

const t = messages.import;
const RUNNING = new Set(['analisi', 'importazione']);

function download({ blob, filename }: { blob: Blob; filename: string }) {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: filename }).click();
  URL.revokeObjectURL(url);
}

/** The Italian reason of a refused call: the field's message when there is one. */
const reason = (error: unknown) =>
  error instanceof ApiError
    ? error.body.violations?.map((v) => v.message).join(' · ') || error.message
    : messages.networkError;

/**
 * "Importa" of a list (x-resource.import): a file, its columns matched to the fields (changeable), a preview
 * that says what each row would do and why a row is refused, then the import with its progress, and the
 * file of the refused rows. The server does every check again; this only shows its answers.
 */
export function ImportDialog({
  def,
  open,
  onClose,
}: {
  def: ResourceDefinition;
  open: boolean;
  onClose: (imported: boolean) => void;
}) {
  const spec = def.import;
  const [job, setJob] = useState<ImportJob | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [error, setError] = useState<string | null>(null);

  // While the server reads the file, its progress every half second.
  useEffect(() => {
    if (!job || !RUNNING.has(job.status)) return;
    let stopped = false;
    const timer = setTimeout(() => {
      resourceApi.importJob(def, job.id).then(
        (next) => !stopped && setJob(next),
        (e: unknown) => !stopped && setError(reason(e)),
      );
    }, 500);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [def, job]);
  const shown = job;

  const call = useMutation({
    mutationFn: (step: () => Promise<ImportJob>) => step(),
    onMutate: () => setError(null),
    onSuccess: (next) => {
      setJob(next);
      setMapping(next.mapping);
    },
    onError: (e) => setError(reason(e)),
  });

  if (!spec) return null;
  const fields = spec.fields;
  const title = (name: string) => fields.find((f) => f.name === name)?.title ?? name;
  const status = shown?.status ?? null;
  const running = status !== null && RUNNING.has(status);
  const missing = missingRequired(mapping, spec);
  const close = () => {
    const imported = status === 'completato' || (status === 'fallito' && shown?.phase === 'importazione');
    setJob(null);
    setMapping([]);
    setError(null);
    onClose(imported);
  };
  const choose = (file: File | undefined) => {
    if (file) call.mutate(() => resourceApi.uploadImport(def, file));
  };
  const counts = shown?.counts;
  const writable = counts ? counts.created + counts.updated : 0;
  const phaseShown = shown && (status === 'pronto' || status === 'completato' || status === 'fallito' || running);

  return (
    <Dialog open={open} onClose={running ? undefined : close} maxWidth="lg" fullWidth aria-labelledby="import-title">
      <DialogTitle id="import-title">{t.title(def.label)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {!shown && (
            <Box>
              <Button component="label" variant="contained" startIcon={<UploadFile />} disabled={call.isPending}>
                {call.isPending ? t.uploading : t.choose}
                <input
                  hidden
                  type="file"
                  accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={(e) => choose(e.target.files?.[0])}
                />
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t.hint}
              </Typography>
            </Box>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {shown && status === 'caricato' && (
            <>
              <Typography variant="subtitle1">
                {shown.fileName} · {t.columns}
              </Typography>
              <Alert severity="info">{t.key(spec.key.map((k) => `«${title(k)}»`).join(', '))}</Alert>
              {missing.length > 0 && (
                <Alert severity="warning">{t.missingRequired(missing.map((f) => `«${f.title}»`).join(', '))}</Alert>
              )}
              <ImportMapping job={shown} fields={fields} mapping={mapping} onChange={setMapping} />
            </>
          )}
          {phaseShown && (
            <>
              {running && (
                <Box>
                  <Typography variant="body2">
                    {status === 'analisi' ? t.previewing : t.importing}{' '}
                    {t.progress(shown.processedRows, shown.totalRows)}
                  </Typography>
                  <LinearProgress
                    aria-label={status === 'analisi' ? t.previewing : t.importing}
                    variant={shown.totalRows ? 'determinate' : 'indeterminate'}
                    value={shown.totalRows ? (100 * shown.processedRows) / shown.totalRows : undefined}
                    sx={{ mt: 1, height: 8, borderRadius: 1 }}
                  />
                </Box>
              )}
              {status === 'pronto' && <Alert severity="info">{t.previewDone}</Alert>}
              {status === 'completato' && <Alert severity="success">{t.done}</Alert>}
              {status === 'fallito' && shown.message && <Alert severity="error">{shown.message}</Alert>}
              {counts && (
                <Stack direction="row" spacing={1} aria-label="Conteggi">
                  <Chip color="primary" label={`${t.counts.created}: ${counts.created.toLocaleString('it-IT')}`} />
                  <Chip color="info" label={`${t.counts.updated}: ${counts.updated.toLocaleString('it-IT')}`} />
                  <Chip label={`${t.counts.unchanged}: ${counts.unchanged.toLocaleString('it-IT')}`} />
                  <Chip
                    color={counts.refused > 0 ? 'error' : 'default'}
                    label={`${t.counts.refused}: ${counts.refused.toLocaleString('it-IT')}`}
                  />
                </Stack>
              )}
              {!running && shown.problems.length > 0 && (
                <Box>
                  <Typography variant="subtitle1">{t.problems}</Typography>
                  <ImportProblems problems={shown.problems} />
                  {shown.problemRows > shown.problems.length && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {t.moreProblems(shown.problems.length, shown.problemRows)}
                    </Typography>
                  )}
                </Box>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {shown && !running && shown.problemRows > 0 && (
          <Button
            onClick={() => void resourceApi.importErrors(def, shown.id).then(download, (e) => setError(reason(e)))}
          >
            {t.errorFile}
          </Button>
        )}
        {shown && (status === 'completato' || status === 'fallito') && (
          <Button onClick={() => setJob(null)}>{t.otherFile}</Button>
        )}
        {status === 'pronto' && (
          <Button onClick={() => setJob({ ...(shown as ImportJob), status: 'caricato' })}>{t.changeMapping}</Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={close} disabled={running}>
          {messages.actions.close}
        </Button>
        {status === 'caricato' && (
          <Button
            variant="contained"
            disabled={call.isPending}
            onClick={() => call.mutate(() => resourceApi.previewImport(def, shown?.id ?? 0, mapping))}
          >
            {t.preview}
          </Button>
        )}
        {status === 'pronto' && (
          <Button
            variant="contained"
            disabled={call.isPending || writable === 0}
            onClick={() => call.mutate(() => resourceApi.runImport(def, shown?.id ?? 0))}
          >
            {writable === 0 ? t.nothingToImport : t.run(writable)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
