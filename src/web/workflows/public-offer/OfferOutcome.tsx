import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { formatDate, formatRomeDateTime } from '../../../domain/dates.ts';
import { publicOfferMessages as m } from './publicOfferMessages.ts';
import type { PublicOfferState } from './usePublicOffer.ts';

const romeDateTime = (iso: string) => formatRomeDateTime(iso, ' alle ');

/** The notice of the last answer or failure, unless the outcome below already says it. */
export function OfferNotice({ state }: { state: PublicOfferState }) {
  const { notice, offer } = state;
  if (!notice || !offer) return null;
  if (notice.severity === 'success' && offer.stato !== 'aperta' && offer.stato !== 'scaduta') return null;
  return (
    <Alert severity={notice.severity} role={notice.severity === 'success' ? 'status' : 'alert'} sx={{ mb: 2 }}>
      {notice.title && <AlertTitle>{notice.title}</AlertTitle>}
      {notice.text}
      {notice.details?.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {notice.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}

/** Where the offer stands once it is no longer open: confirmed, declined, expired, or none yet. */
export function OfferOutcome({ state }: { state: PublicOfferState }) {
  const { offer, version, outcome, busy } = state;
  if (!offer) return null;
  return (
    <>
      <Box ref={outcome} tabIndex={-1} sx={{ outline: 'none' }}>
        {offer.stato === 'accettata' && offer.accettazione && (
          <Alert severity="success" sx={{ mb: 2 }}>
            <AlertTitle>{m.acceptedTitle}</AlertTitle>
            {m.acceptedText(offer.accettazione.firmatario, romeDateTime(offer.accettazione.accettataIl))}
            <Box sx={{ mt: 1 }}>
              <Button variant="outlined" color="success" size="small" onClick={() => void state.downloadSigned()}>
                {m.signedPdf}
              </Button>
            </Box>
          </Alert>
        )}
        {offer.stato === 'rifiutata' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            <AlertTitle>{m.declinedTitle}</AlertTitle>
            {m.declinedText}
          </Alert>
        )}
      </Box>
      {offer.stato === 'scaduta' && version && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{m.expiredTitle}</AlertTitle>
          {m.expiredText(formatDate(version.validaFinoAl))}
          <Box sx={{ mt: 1.5 }}>
            <Button variant="contained" onClick={() => void state.requestNew()} disabled={busy} sx={{ minHeight: 44 }}>
              {m.requestNew}
            </Button>
          </Box>
        </Alert>
      )}
      {offer.stato === 'nessuna' && <Alert severity="info">{m.noOffer}</Alert>}
    </>
  );
}
