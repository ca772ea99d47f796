import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '../../../../generated/api.ts';
import { isOutline, marksToShow } from '../../../domain/acceptance/index.ts';
import { romeToday } from '../../../domain/calendar/index.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { api } from '../../api/client.ts';
import { ApiError, unwrap } from '../../api/apiError.ts';
import { DateInput } from '../../fields/DateInput.tsx';
import { messages } from '../../i18n/messages.ts';
import { useNotify } from '../../ui/notifications.tsx';
import { DamageLegend, DamageOutline, viewName } from './DamageOutline.tsx';
import { severityName, typeName } from './DamageSection.tsx';

const m = messages.damage;
type Acceptance = components['schemas']['AccettazioneMezzo'];

function RepairDialog({ acceptance, n, onClose }: { acceptance: Acceptance; n: number; onClose(): void }) {
  const id = Number(acceptance.id);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [data, setData] = useState(romeToday());
  const [error, setError] = useState<string | null>(null);
  const repair = useMutation({
    mutationFn: async () =>
      unwrap(
        api.POST('/api/accettazioni_mezzi/{id}/danni/{n}/riparazione', { params: { path: { id, n } }, body: { data } }),
      ),
    onSuccess: (res) => {
      queryClient.setQueryData(['accettazione', id], res.data);
      void queryClient.invalidateQueries({ queryKey: ['accettazione-danni'] });
      notify.success(m.repairSaved);
      onClose();
    },
    onError: (err) => setError(err instanceof ApiError ? (err.body.violations?.[0]?.message ?? err.message) : null),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="riparazione-titolo">
      <DialogTitle id="riparazione-titolo">{m.repairTitle(n + 1)}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <Box sx={{ pt: 1 }}>
          <DateInput
            kind="date"
            id="dataRiparazione"
            label={m.repairDate}
            value={data}
            onChange={(v) => setData(v ?? '')}
            required
            error={!!error}
          />
          {error && (
            <Typography color="error" variant="caption" role="alert">
              {error}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{m.cancel}</Button>
        <Button variant="contained" disabled={!data || repair.isPending} onClick={() => repair.mutate()}>
          {m.repairSave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The damage of a registered acceptance for the workshop (issue 32): its outline with these marks in red and the
 * earlier ones of the same serial in black, and each mark of this acceptance with its repair or "Segna riparato".
 */
export function DamageRepairs({ acceptance }: { acceptance: Acceptance }) {
  const id = Number(acceptance.id);
  const serial = acceptance.matricole ?? '';
  const [repairing, setRepairing] = useState<number | null>(null);
  const earlier =
    useQuery({
      queryKey: ['accettazione-danni', serial.toLowerCase(), id],
      enabled: !!serial,
      queryFn: async () =>
        (
          await unwrap(
            api.GET('/api/accettazioni_mezzi/danni', { params: { query: { matricole: serial, prima: id } } }),
          )
        ).data,
    }).data ?? [];
  const marks = acceptance.danniSegnati ?? [];
  if (!marks.length && !earlier.length) return null;
  const repairs = new Map((acceptance.riparazioni ?? []).map((r) => [r.indice, r]));
  return (
    <Paper sx={{ p: 3, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {m.title}
      </Typography>
      {isOutline(acceptance.sagoma) && (
        <>
          <DamageOutline
            sagoma={acceptance.sagoma}
            // This acceptance's marks once repaired are grey, as the earlier ones.
            marks={marksToShow(earlier, marks).map((mk) =>
              mk.state === 'new' && repairs.has(Number(mk.label) - 1) ? { ...mk, state: 'repaired' as const } : mk,
            )}
          />
          <DamageLegend />
        </>
      )}
      <Table size="small" sx={{ mt: 2 }} aria-label={m.newTitle}>
        <TableHead>
          <TableRow>
            {['N.', 'Vista', m.type, m.severity, m.description, ''].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {marks.map((mk, i) => {
            const repair = repairs.get(i);
            return (
              <TableRow key={i}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>{viewName(mk.vista)}</TableCell>
                <TableCell>{typeName(mk.tipo)}</TableCell>
                <TableCell>{severityName(mk.gravita)}</TableCell>
                <TableCell>{mk.note ?? ''}</TableCell>
                {/* A date or a button on two lines reads badly at 1024 px: the description gives way instead. */}
                <TableCell align="right">
                  {repair ? (
                    <>
                      <Box component="span" data-testid="riparato-il" sx={{ whiteSpace: 'nowrap' }}>
                        {m.repairedOn(displayFormats.date(repair.data))}
                      </Box>{' '}
                      ({repair.autore})
                    </>
                  ) : (
                    <Button variant="outlined" onClick={() => setRepairing(i)} sx={{ whiteSpace: 'nowrap' }}>
                      {m.markRepaired}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {repairing !== null && <RepairDialog acceptance={acceptance} n={repairing} onClose={() => setRepairing(null)} />}
    </Paper>
  );
}
