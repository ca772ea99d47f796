import { Alert, AlertTitle, Box, Button, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { displayFormats as f } from '../../../domain/displayFormats.ts';
import { VERIFICATION } from '../../../domain/verification.ts';
import { listenHub } from '../../session/hubEvents.ts';
import { VerificationDetails } from '../../ui/VerificationDetails.tsx';
import { customerAnswerApi, type OffertaCliente } from './customerAnswerApi.ts';

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
          {`Firmata da ${a.firmatario} il ${f.dateTime(a.accettataIl)}`}
          {a.assicurazioneTipo ? `, assicurazione ${a.assicurazioneTipo}` : ''}
          {`; totale ${f.money(a.prezzi.prezzoTotaleScontato)} IVA esclusa.`}
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
              {`${f.dateTime(e.at)} — ${EVENT_LABELS[e.evento]}`}
              {e.dettaglio ? ` (${e.dettaglio})` : ''}
            </li>
          ))}
        </Box>
      )}
      {a && (
        <VerificationDetails
          rows={[
            [VERIFICATION.acceptedVersionFingerprint, a.hash],
            [VERIFICATION.signedPdfFingerprint, a.pdfSha256],
            [VERIFICATION.address, a.indirizzo],
            [VERIFICATION.browser, a.browser],
          ]}
        />
      )}
    </Paper>
  );
}
