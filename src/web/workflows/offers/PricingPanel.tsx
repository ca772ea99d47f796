import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import type { OfferBuilderProps } from './OfferBuilder.tsx';
import { offerMessages as m } from './offerMessages.ts';
import { PriceBreakdown } from './PriceBreakdown.tsx';
import type { OfferBuilderState } from './useOfferBuilder.ts';

/** Beside the builder: "Perché questo prezzo", who approved, a conflict or a refusal, and the save. */
export function PricingPanel({ builder, props }: { builder: OfferBuilderState; props: OfferBuilderProps }) {
  const { conflict, refusedMessage, busy, onSave } = props;
  const approvedBy = builder.approver;
  return (
    <Box sx={{ position: { lg: 'sticky' }, top: { lg: 96 } }}>
      {!builder.live && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.serverPricing}
        </Alert>
      )}
      <PriceBreakdown pricing={builder.shown} showProblems={builder.showAll} />
      {approvedBy && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {m.approvedBy(approvedBy)}
        </Typography>
      )}
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          role="alert"
          action={
            <Button color="inherit" onClick={() => conflict.onReload(builder.draft)}>
              {m.reload}
            </Button>
          }
        >
          <AlertTitle>{m.conflictTitle}</AlertTitle>
          {conflict.message}. {m.conflictText}
        </Alert>
      )}
      {!conflict && (refusedMessage ?? (builder.showAll && builder.blocking.length > 0)) && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {refusedMessage ?? m.fixFirst}
        </Alert>
      )}
      {onSave && (
        <Button
          variant="contained"
          fullWidth
          sx={{ mt: 2 }}
          disabled={busy || builder.offer.loading}
          onClick={builder.save}
        >
          {m.save}
        </Button>
      )}
    </Box>
  );
}
