import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { ApiError } from '../api/apiError.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { useNotify } from '../ui/notifications.tsx';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

export const dataUrl = (blob: Blob | null) =>
  new Promise<string | null>((resolve, reject) => {
    if (!blob) return resolve(null);
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('lettura immagine'));
    reader.readAsDataURL(blob);
  });

/** Preview, upload and replace the picture of a record (resource groups and their families). */
export function PictureDialog({
  def,
  record,
  onSaved,
  onClose,
}: {
  def: ResourceDefinition;
  record: Row;
  onSaved(): void;
  onClose(): void;
}) {
  const id = useId();
  const notify = useNotify();
  const what = String(record[def.displayField] ?? record.id);
  const recordId = Number(record.id);
  // A data URL needs no revoking, so no effect has to track its lifetime.
  const image = useQuery({
    queryKey: ['image', def.name, recordId],
    queryFn: async () => dataUrl(await resourceApi.image(def, recordId)),
    gcTime: 0,
  });
  const url = image.data ?? null;
  const [problem, setProblem] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => resourceApi.uploadImage(def, recordId, file),
    onSuccess: async () => {
      notify.success(messages.success.imageSaved);
      onSaved();
      await image.refetch();
    },
    onError: (err) =>
      setProblem(err instanceof ApiError ? (err.body.violations?.[0]?.message ?? err.message) : messages.networkError),
  });

  function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(messages.picture.wrongType);
    upload.mutate(file);
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{messages.picture.title(what)}</DialogTitle>
      <DialogContent dividers>
        <Box
          sx={{
            minHeight: 220,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: '1px dashed',
            borderColor: 'divider',
            borderRadius: 1,
            mb: 2,
          }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            choose(e.dataTransfer.files[0]);
          }}
        >
          {image.isLoading || upload.isPending ? (
            <CircularProgress aria-label={messages.picture.uploading} />
          ) : url ? (
            <Box
              component="img"
              src={url}
              alt={messages.picture.alt(what)}
              sx={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }}
            />
          ) : (
            <Typography color="text.secondary">{messages.picture.none}</Typography>
          )}
        </Box>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <Button variant="contained" component="label" disabled={upload.isPending}>
          {url ? messages.picture.replace : messages.picture.choose}
          <input
            hidden
            type="file"
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="caption" sx={{ ml: 2 }} color="text.secondary">
          {messages.picture.hint}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
