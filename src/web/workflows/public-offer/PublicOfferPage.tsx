import { Alert, AlertTitle, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { AcceptForm } from './AcceptForm.tsx';
import { DeclineForm } from './DeclineForm.tsx';
import { OfferNotice, OfferOutcome } from './OfferOutcome.tsx';
import { OfferSummary } from './OfferSummary.tsx';
import { publicOfferMessages as m } from './publicOfferMessages.ts';
import { Shell } from './PublicOfferShell.tsx';
import { usePublicOffer } from './usePublicOffer.ts';

/**
 * The customer's page of one offer (issue 16), opened from the e-mailed link on a phone: the offer's terms
 * and breakdown, the insurance options, then the signature; or its outcome (confirmed, declined, expired).
 */
export function PublicOfferPage() {
  const { code = '' } = useParams();
  const state = usePublicOffer(code);
  const { load, offer, version, option } = state;

  if (load.state === 'loading')
    return (
      <Shell>
        <Box role="progressbar" aria-label={m.loading} sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      </Shell>
    );
  if (!offer)
    return (
      <Shell>
        {load.state === 'notFound' ? (
          <Alert severity="warning">
            <AlertTitle>{m.notFound}</AlertTitle>
            {m.notFoundText}
          </Alert>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void state.reload()}>
                {m.retry}
              </Button>
            }
          >
            {load.state === 'error' && load.message}
          </Alert>
        )}
      </Shell>
    );

  return (
    <Shell company={offer.azienda.nome} email={offer.azienda.email} branch={offer.azienda.sede}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {version ? m.title(version.numero) : offer.ragioneSociale}
      </Typography>
      {version && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {m.forCustomer(offer.ragioneSociale)}
        </Typography>
      )}
      <OfferNotice state={state} />
      <OfferOutcome state={state} />
      {version && option && (
        <>
          <OfferSummary version={version} option={option} />
          {offer.stato === 'aperta' && <AcceptForm state={state} />}
          {(offer.stato === 'aperta' || offer.stato === 'scaduta') && <DeclineForm state={state} />}
        </>
      )}
    </Shell>
  );
}

export default PublicOfferPage;
