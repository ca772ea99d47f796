import { Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { ChosenFiles, addChosen, type ChosenFile } from '../../ui/ChosenFiles.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { negotiationApi, type Attachment } from './negotiationApi.ts';
import { negotiationMessages } from './negotiationMessages.ts';

const m = negotiationMessages.attachments;
const nameOf = (a: Attachment) => a.file || a.path?.split('/').pop() || a.descrizione || `#${String(a.id)}`;

/** The negotiation's attachments: several files at once, each with its description; download; delete after a confirmation. */
export function AttachmentsPanel({
  negotiationId,
  attachments,
  onChanged,
}: {
  negotiationId: number;
  attachments: Row[];
  onChanged(): Promise<void>;
}) {
  const notify = useNotify();
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const list = attachments as Attachment[];

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch {
      // The server's message is already shown; what was chosen stays.
    } finally {
      setBusy(false);
    }
  }

  const upload = () =>
    run(async () => {
      await negotiationApi.upload(
        negotiationId,
        chosen.map((c) => ({ file: c.file, descrizione: c.description.trim() })),
      );
      notify.success(messages.success.documentUploaded);
      setChosen([]);
      await onChanged();
    });

  const remove = (a: Attachment) =>
    run(async () => {
      await negotiationApi.removeAttachment(a.id ?? 0);
      notify.success(messages.success.documentRemoved);
      setRemoving(null);
      await onChanged();
    });

  return (
    <Paper component="section" aria-label={m.title} sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {m.title}
        </Typography>
        <Button component="label" disabled={busy}>
          {m.add}
          <input
            hidden
            multiple
            type="file"
            aria-label={m.add}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              setChosen((c) => addChosen(c, files));
              e.target.value = '';
            }}
          />
        </Button>
      </Box>
      <ChosenFiles chosen={chosen} busy={busy} onChange={setChosen} onUpload={() => void upload()} />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{m.description}</TableCell>
            <TableCell>{messages.documents.columns.name}</TableCell>
            <TableCell align="right">{messages.actionsColumn}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{a.descrizione}</TableCell>
              <TableCell>{nameOf(a)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Icon
                  name="download"
                  label={m.download(nameOf(a))}
                  onClick={() => void negotiationApi.download(a).catch(() => undefined)}
                />
                <Icon name="trash" label={m.remove(nameOf(a))} onClick={() => setRemoving(a)} />
              </TableCell>
            </TableRow>
          ))}
          {list.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>{m.none}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={!!removing}
        title={messages.actions.delete}
        text={m.confirmRemove(removing ? nameOf(removing) : '')}
        confirmLabel={messages.actions.delete}
        danger
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </Paper>
  );
}
