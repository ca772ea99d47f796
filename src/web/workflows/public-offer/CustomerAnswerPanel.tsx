import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { displayFormats as f } from '../../../domain/displayFormats.ts';
import { VERIFICATION } from '../../../domain/verification.ts';
import { listenHub } from '../../session/hubEvents.ts';
import { VerificationDetails } from '../../ui/VerificationDetails.tsx';
import { notify } from '../../ui/notificationBus.ts';
import { customerAnswerApi, type OffertaCliente } from './customerAnswerApi.ts';
import { customerPageMessages as pm } from './publicOfferMessages.ts';
import { publicOfferPath } from './pages.ts';

const EVENT_LABELS: Record<OffertaCliente['eventi'][number]['evento'], string> = {
  visualizzata: 'Offerta aperta dal cliente',
  accettata: 'Offerta accettata e firmata',
  rifiutata: 'Offerta rifiutata',
  nuovaOffertaRichiesta: 'Nuova offerta richiesta',
  promemoria: 'Promemoria di scadenza inviato',
};
const SHOWN_EVENTS = 10;

/** The address of the customer's page, with which the staff open it or paste it in a message of their own. */
function CustomerPageLink({ documentToken }: { documentToken: string }) {
  const url = `${window.location.origin}${publicOfferPath(documentToken)}`;
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => notify.success(pm.copied),
      () => notify.warning(pm.copyFailed),
    );
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {pm.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {pm.text}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
        <Typography
          variant="body2"
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
        >
          {url}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void copy()}>
          {pm.copy}
        </Button>
        <Button size="small" href={url} target="_blank" rel="noopener">
          {pm.open}
        </Button>
      </Stack>
    </Box>
  );
}

/** On the negotiation's page: the customer's page, what the customer did on it, and the signed PDF. */
export function CustomerAnswerPanel({
  negotiationId,
  documentToken,
}: {
  negotiationId: number;
  /** The code of the customer's page, once an offer was sent (the send makes it). */
  documentToken?: string | null;
}) {
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
      {documentToken && <CustomerPageLink documentToken={documentToken} />}
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
          {a.assicurazioneNome ? `, assicurazione ${a.assicurazioneNome}` : ''}
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
