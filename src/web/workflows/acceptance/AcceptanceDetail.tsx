import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  List,
  ListItem,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fuelText } from '../../../domain/acceptance/index.ts';
import { displayFormats as f } from '../../../domain/displayFormats.ts';
import { VERIFICATION } from '../../../domain/verification.ts';
import { api } from '../../api/client.ts';
import { ApiError, unwrap } from '../../api/apiError.ts';
import { messages } from '../../i18n/messages.ts';
import { LoadFailure } from '../../ui/ErrorPage.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { VerificationDetails } from '../../ui/VerificationDetails.tsx';
import { ApiImage } from './ApiImage.tsx';
import { DamageRepairs } from './DamageRepairs.tsx';
import { useControlTypes } from './useWizardData.ts';
import { ACCEPTANCE_LIST } from './pages.ts';

const m = messages.acceptance;

async function downloadPdf(id: number) {
  const { data } = await api.GET('/api/accettazioni_mezzi/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' });
  if (!(data instanceof Blob)) return;
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = `accettazione-${id}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A registered acceptance for a supervisor: sealed data, checks, photos full size, signature, addenda, PDF. */
export function AcceptanceDetail({ id }: { id: number }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const types = useControlTypes().data ?? [];
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['accettazione', id],
    queryFn: async () => (await unwrap(api.GET('/api/accettazioni_mezzi/{id}', { params: { path: { id } } }))).data,
  });
  const addendum = useMutation({
    mutationFn: async () =>
      unwrap(
        api.POST('/api/accettazioni_mezzi/{id}/addenda', { params: { path: { id } }, body: { testo: text.trim() } }),
      ),
    onSuccess: (res) => {
      queryClient.setQueryData(['accettazione', id], res.data);
      setText('');
      setTextError(null);
      notify.success(m.addendumSaved);
    },
    onError: (err) => setTextError(err instanceof ApiError ? (err.body.violations?.[0]?.message ?? err.message) : null),
  });

  if (query.isError)
    return (
      <LoadFailure
        error={query.error}
        missing={messages.missingRecord(m.title, { gender: 'feminine', plural: false }, String(id))}
      />
    );
  const a = query.data;
  if (!a) return <CircularProgress aria-label={messages.loading} sx={{ m: 4 }} />;
  const names = new Map(types.map((t) => [t.id, t.nome]));
  const rows: [string, string][] = [
    [m.date, f.date(a.dataAccettazione)],
    [m.operator, a.operatoreNome ?? String(a.operatore)],
    [m.serial, a.matricole || '—'],
    ...(a.modello ? [[messages.damage.model, a.modello] as [string, string]] : []),
    [m.km, f.km(a.km) || '—'],
    [m.hours, f.hours(a.ore) || '—'],
    [m.fuel, fuelText(a.carburante)],
    [m.damage, f.yesNo(a.danni === true)],
    ...(a.motivoLetturaInferiore ? [[m.lowerReason, a.motivoLetturaInferiore] as [string, string]] : []),
    [m.customerNotes, a.noteCliente || '—'],
    [m.internalNotes, a.noteInterne || '—'],
  ];
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1">
          {m.detailTitle(id)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button component={Link} to={ACCEPTANCE_LIST} size="large">
            {m.backToList}
          </Button>
          <Button
            variant="contained"
            size="large"
            startIcon={<PictureAsPdfIcon />}
            onClick={() => void downloadPdf(id)}
          >
            {m.pdf}
          </Button>
        </Box>
      </Box>
      <Paper sx={{ p: 3, mb: 2 }}>
        <Table size="small" aria-label={m.detailTitle(id)}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" sx={{ fontWeight: 600, width: 240 }}>
                  {label}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
          {m.checks}
        </Typography>
        <Table size="small">
          <TableBody>
            {(a.controlli ?? []).map((c) => (
              <TableRow key={c.controlloId}>
                <TableCell sx={{ width: 240 }}>{names.get(c.controlloId) ?? c.controlloId}</TableCell>
                <TableCell>{c.valore}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <DamageRepairs acceptance={a} />
      <Paper sx={{ p: 3, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {m.photos}
        </Typography>
        {!a.foto?.length && <Typography color="text.secondary">{m.noPhotos}</Typography>}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          {(a.foto ?? []).map((_, i) => (
            <Box key={i}>
              <ApiImage
                id={id}
                photo={i}
                alt={m.photoAlt(i + 1)}
                sx={{ width: '100%', height: 'auto', minHeight: 200, borderRadius: 1 }}
              />
            </Box>
          ))}
        </Box>
        <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
          {m.signature}
        </Typography>
        {a.firma ? (
          <ApiImage
            id={id}
            alt={m.signature}
            sx={{ width: 360, height: 150, objectFit: 'contain', border: 1, borderColor: 'divider' }}
          />
        ) : (
          <Typography color="text.secondary">{m.noSignature}</Typography>
        )}
        <VerificationDetails
          rows={[
            [VERIFICATION.recordFingerprint, a.sha256 ?? ''],
            ...(a.fotoSha256 ?? []).map((hash, i) => [VERIFICATION.photoFingerprint(i + 1), hash] as const),
          ]}
        />
      </Paper>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          {m.addenda}
        </Typography>
        <List>
          {(a.addenda ?? []).map((x, i) => (
            <ListItem key={i} disableGutters divider>
              <ListItemText
                primary={x.testo}
                secondary={m.addendumBy(x.autore, f.dateTime(x.creato))}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
        <Divider sx={{ my: 2 }} />
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.addendumHelp}
        </Alert>
        <TextField
          label={m.addendumText}
          multiline
          minRows={2}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={!!textError}
          helperText={textError}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Button
          sx={{ mt: 1 }}
          variant="outlined"
          size="large"
          disabled={!text.trim() || addendum.isPending}
          onClick={() => addendum.mutate()}
        >
          {m.addAddendum}
        </Button>
      </Paper>
    </Box>
  );
}
