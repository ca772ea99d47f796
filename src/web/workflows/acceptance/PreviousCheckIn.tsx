import { Alert, AlertTitle, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../domain/dates.ts';
import { displayFormats as f } from '../../../domain/displayFormats.ts';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/apiError.ts';
import { messages } from '../../i18n/messages.ts';
import { ApiImage } from './ApiImage.tsx';

const m = messages.acceptance;

export type PreviousAcceptance = Awaited<ReturnType<typeof fetchPrevious>>;

async function fetchPrevious(matricole: string) {
  return (await unwrap(api.GET('/api/accettazioni_mezzi/ultima', { params: { query: { matricole } } }))).data;
}

/** The machine's last check-in, once a serial number is typed (issue 17, point 3). */
export function usePreviousCheckIn(matricole: string) {
  const serial = matricole.trim();
  return useQuery({
    queryKey: ['accettazione-ultima', serial.toLowerCase()],
    enabled: serial.length >= 2,
    queryFn: () => fetchPrevious(serial),
    staleTime: 60_000,
  });
}

export function PreviousCheckIn({ previous }: { previous: PreviousAcceptance | undefined }) {
  if (previous === undefined) return null;
  if (previous === null)
    return (
      <Alert severity="info" data-testid="accettazione-precedente">
        {m.previousNone}
      </Alert>
    );
  return (
    <Alert severity={previous.danni ? 'warning' : 'info'} data-testid="accettazione-precedente">
      <AlertTitle>{m.previousTitle(formatDate(previous.dataAccettazione))}</AlertTitle>
      {m.previousReadings(f.km(previous.km) || '—', f.hours(previous.ore) || '—')} ·{' '}
      {m.previousDamage(previous.danni === true)}
      {previous.noteInterne ? ` · ${previous.noteInterne}` : ''}
      {!!previous.foto?.length && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {previous.foto.map((_, i) => (
            <ApiImage
              key={i}
              id={Number(previous.id)}
              photo={i}
              alt={m.photoAlt(i + 1)}
              sx={{ width: 96, height: 72, borderRadius: 1 }}
            />
          ))}
        </Box>
      )}
    </Alert>
  );
}
