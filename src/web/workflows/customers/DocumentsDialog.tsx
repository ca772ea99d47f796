import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { components } from '../../../../generated/api.ts';
import { ApiError, toApiError, unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { messages } from '../../i18n/messages.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { ChosenFiles, addChosen, type ChosenFile } from '../../ui/ChosenFiles.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useNotify } from '../../ui/notifications.tsx';

type Doc = components['schemas']['Document'];
type Entity = components['parameters']['Entity'];
const m = messages.documents;
// Files travel to and from the server that served the app (a contract proxy in between only speaks JSON).
const filesOrigin = { baseUrl: window.location.origin };

/**
 * The documents of a customer or of one contact: list; upload on "Carica" of the files chosen or dropped, each
 * with its description; download; delete.
 */
export function DocumentsDialog({
  entity,
  entityId,
  what,
  onClose,
}: {
  entity: Entity;
  entityId: number;
  what: string;
  onClose(): void;
}) {
  const id = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['documents', entity, entityId];
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [removing, setRemoving] = useState<Doc | null>(null);

  const list = useQuery({
    queryKey: key,
    queryFn: async () => (await unwrap(api.GET('/api/files', { params: { query: { entity, entityId } } }))).data,
  });

  // Each file with its own description, one call each; a refused one stays in the choice with the reason.
  const upload = useMutation({
    mutationFn: async (files: ChosenFile[]) => {
      const left: ChosenFile[] = [];
      for (const c of files) {
        const data = { entity, entityId, ...(c.description.trim() ? { description: c.description.trim() } : {}) };
        const { error, response } = await api.POST('/api/files', {
          ...filesOrigin,
          body: { file: c.file as unknown as string, data },
          bodySerializer: () => {
            const form = new FormData();
            form.append('file', c.file);
            form.append('data', JSON.stringify(data));
            return form;
          },
        });
        if (response.ok) notify.success(messages.success.documentUploaded);
        else {
          const err = toApiError(response.status, error);
          left.push({ ...c, refused: m.refused(c.file.name, err.body.violations?.[0]?.message ?? err.message) });
        }
      }
      return left;
    },
    onSuccess: async (left) => {
      setChosen(left);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const remove = useMutation({
    mutationFn: async (doc: Doc) => {
      const { error, response } = await api.DELETE('/api/files/{id}', { params: { path: { id: doc.id ?? 0 } } });
      if (!response.ok) throw toApiError(response.status, error);
    },
    onSuccess: async () => {
      notify.success(messages.success.documentRemoved);
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });

  async function download(doc: Doc) {
    const data = await unwrap(
      api.GET('/api/files/downloads/{filename}', {
        ...filesOrigin,
        params: { path: { filename: doc.filename ?? '' } },
        parseAs: 'blob',
      }),
    );
    const url = URL.createObjectURL(data);
    Object.assign(document.createElement('a'), { href: url, download: doc.originalFilename ?? doc.filename }).click();
    URL.revokeObjectURL(url);
  }

  const choose = (list: FileList | null) => {
    const files = [...(list ?? [])];
    setChosen((c) => addChosen(c, files));
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="md">
      <DialogTitle id={`${id}-title`}>{m.title(what)}</DialogTitle>
      <DialogContent dividers>
        <Box
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            choose(e.dataTransfer.files);
          }}
          sx={{
            border: '2px dashed',
            borderColor: 'divider',
            borderRadius: 1,
            p: 2,
            mb: 2,
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            flexWrap: 'wrap',
          }}
        >
          <Typography>{m.drop}</Typography>
          <Button variant="contained" component="label" disabled={upload.isPending}>
            {m.choose}
            <input
              hidden
              multiple
              type="file"
              accept=".png,.jpg,.jpeg,.mp4,.mov,.pdf"
              onChange={(e) => {
                choose(e.target.files);
                e.target.value = '';
              }}
            />
          </Button>
          <Typography variant="caption" color="text.secondary">
            {m.hint}
          </Typography>
        </Box>
        <ChosenFiles
          chosen={chosen}
          busy={upload.isPending}
          onChange={setChosen}
          onUpload={() => upload.mutate(chosen)}
        />
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{m.columns.name}</TableCell>
              <TableCell>{m.columns.description}</TableCell>
              <TableCell>{m.columns.size}</TableCell>
              <TableCell>{m.columns.date}</TableCell>
              <TableCell align="right">{messages.actionsColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data ?? []).map((doc) => (
              <TableRow key={doc.id}>
                <TableCell>{doc.originalFilename}</TableCell>
                <TableCell>{doc.description}</TableCell>
                <TableCell>{displayFormats.fileSize(doc.size)}</TableCell>
                <TableCell>{displayFormats.dateTime(doc.created)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Icon
                    name="download"
                    label={m.download(doc.originalFilename ?? '')}
                    onClick={() =>
                      void download(doc).catch((e: unknown) =>
                        notify.error(e instanceof ApiError ? e.message : messages.networkError),
                      )
                    }
                  />
                  <Icon name="trash" label={m.remove(doc.originalFilename ?? '')} onClick={() => setRemoving(doc)} />
                </TableCell>
              </TableRow>
            ))}
            {list.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{m.none}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.close}</Button>
      </DialogActions>
      <ConfirmDialog
        open={!!removing}
        title={messages.actions.delete}
        text={messages.confirmDelete(removing?.originalFilename ?? '')}
        confirmLabel={messages.actions.delete}
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Dialog>
  );
}
