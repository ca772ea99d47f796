import { Alert, AlertTitle, Box, Button, Paper, Typography } from '@mui/material';
import { formatRomeDateTime } from '../../../domain/dates.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatEuro, eurosToCents } from '../../../domain/pricing/index.ts';
import { listenHub } from '../../session/hubEvents.ts';
import { customerAnswerApi, type OffertaCliente } from './customerAnswerApi.ts';

const romeDateTime = (iso: string) => formatRomeDateTime(iso);

const EVENT_LABELS: Record<OffertaCliente['eventi'][number]['evento'], string> = {
  visualizzata: 'Offerta aperta dal cliente',
  accettata: 'Offerta accettata e firmata',
  rifiutata: 'Offerta rifiutata',
  nuovaOffertaRichiesta: 'Nuova offerta richiesta',
  promemoria: 'Promemoria di scadenza inviato',
};
const SHOWN_EVENTS = 10;

/** On the negotiation's page: what the customer did on the public offer page, and the signed PDF. */
export function CustomerAnswerPanel({ negotiationId }: { negotiationId: number }) {
  const answer = useQuery({
    queryKey: ['offertaCliente', negotiationId],
    queryFn: () => customerAnswerApi.read(negotiationId),
  });
  const { refetch } = answer;
  useEffect(() => {
    const again = (event: { entityId?: number | null }) => {
      if (event.entityId === negotiationId) void refetch();
    };
    const stops = [listenHub('offertaCliente', again), listenHub('trattativaCp', again)];
    return () => stops.forEach((stop) => stop());
  }, [negotiationId, refetch]);
  const data = answer.data;
  if (!data) return null;
  const a = data.accettazione;
  return (
    <Paper component="section" aria-labelledby="risposta-cliente" sx={{ p: 3, mb: 3 }}>
      <Typography id="risposta-cliente" variant="h6" component="h2" gutterBottom>
        Risposta del cliente
      </Typography>
      {a ? (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              onClick={() => void customerAnswerApi.downloadSigned(negotiationId, a.numero).catch(() => undefined)}
            >
              Scarica il PDF firmato
            </Button>
          }
        >
          <AlertTitle>{`Offerta ${a.numero} accettata`}</AlertTitle>
          {`Firmata da ${a.firmatario} il ${romeDateTime(a.accettataIl)}`}
          {a.assicurazioneTipo ? `, assicurazione ${a.assicurazioneTipo}` : ''}
          {`; totale ${formatEuro(eurosToCents(a.prezzi.prezzoTotaleScontato))} IVA esclusa.`}
          <Typography variant="caption" component="div" sx={{ wordBreak: 'break-all' }}>
            {`Indirizzo ${a.indirizzo}; SHA-256 della versione ${a.hash}`}
          </Typography>
        </Alert>
      ) : (
        data.eventi.length === 0 && (
          <Typography color="text.secondary">Il cliente non ha ancora aperto l&apos;offerta.</Typography>
        )
      )}
      {data.eventi.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {data.eventi.slice(0, SHOWN_EVENTS).map((e, i) => (
            <li key={`${e.at}-${i}`}>
              {`${romeDateTime(e.at)} — ${EVENT_LABELS[e.evento]}`}
              {e.dettaglio ? ` (${e.dettaglio})` : ''}
              {e.indirizzo ? `, da ${e.indirizzo}` : ''}
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
