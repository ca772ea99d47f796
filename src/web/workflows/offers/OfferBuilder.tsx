import { Alert, Box, Paper, TextField, Typography } from '@mui/material';
import { useCallback, type ReactNode } from 'react';
import type { Row } from '../../api/resourceApi.ts';
import { ArticlesTable } from './ArticlesTable.tsx';
import { Section } from './builderParts.tsx';
import { DiscountSection } from './DiscountSection.tsx';
import { InsuranceSection } from './InsuranceSection.tsx';
import type { OfferDraft, ShownPricing } from './offerDraft.ts';
import { offerMessages as m } from './offerMessages.ts';
import { OFFER_ANCHOR } from './offerRoutes.ts';
import { PeriodSection } from './PeriodSection.tsx';
import { PricingPanel } from './PricingPanel.tsx';
import { RentalSection } from './RentalSection.tsx';
import { TransportSection } from './TransportSection.tsx';
import { useOfferBuilder } from './useOfferBuilder.ts';

export interface OfferBuilderProps {
  negotiation: Row;
  initial: OfferDraft;
  /** A supervisor (or admin) approves a discount above the limit by saving it. */
  canApprove: boolean;
  /** The server's pricing of what is stored: shown when this user cannot read what live pricing needs. */
  serverPricing?: ShownPricing;
  /** Who approved the stored discount above the limit. */
  approvedBy?: string | null;
  /** Messages of the server next to their fields, after a refused save, and its message. */
  serverErrors?: Record<string, string>;
  refusedMessage?: string | null;
  /**
   * A save refused because someone saved in between (409): the server's words (who, when) and the reload that
   * keeps what was typed here.
   */
  conflict?: { message: string; onReload(draft: OfferDraft): void } | null;
  /** Said above the builder: the reload after a conflict, and which fields both sides changed. */
  notice?: string[] | null;
  busy?: boolean;
  onSave?(draft: OfferDraft, shown: ShownPricing): void;
  /** Below the builder: the version history. */
  children?: ReactNode;
}

/**
 * The offer builder of a negotiation: every choice and figure the offer needs, priced by the one engine as the
 * user types, with "Perché questo prezzo" beside it. It sends only inputs; the server prices them again.
 */
export function OfferBuilder(props: OfferBuilderProps) {
  const builder = useOfferBuilder(props);
  const { draft, set, errors, offer, catalog } = builder;
  const { notice } = props;
  const section = { draft, set, errors };

  // Opened from the offers list (`#offerta`): the page shows the offer, not the top of the negotiation.
  const scrollHere = useCallback((el: HTMLElement | null) => {
    if (el && window.location.hash === `#${OFFER_ANCHOR}`) el.scrollIntoView();
  }, []);

  return (
    <Paper
      component="section"
      id={OFFER_ANCHOR}
      ref={scrollHere}
      aria-label={m.title}
      sx={{ p: 3, mb: 3, scrollMarginTop: 80 }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {m.title}
      </Typography>
      {notice && notice.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {notice.map((line) => (
            <Box key={line}>{line}</Box>
          ))}
        </Alert>
      )}
      {offer.unavailable.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {m.configMissing(offer.unavailable.join(', '))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' }, gap: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <RentalSection {...section} offer={offer} />
          <PeriodSection {...section} offer={offer} days={builder.days} byDates={builder.byDates} />
          <InsuranceSection {...section} catalog={catalog} />
          <TransportSection {...section} catalog={catalog} site={builder.site} distance={builder.distance} />
          <Section title={m.sections.articles}>
            {draft.gruppoRisorsaId === null ? (
              <Typography color="text.secondary">{m.priceListEmpty}</Typography>
            ) : (
              <ArticlesTable articles={draft.articoli} errors={errors} onChange={(articoli) => set({ articoli })} />
            )}
          </Section>
          <DiscountSection
            {...section}
            effective={builder.pricing.effectiveDiscount}
            approval={builder.approval}
            maxDiscount={catalog.maxDiscount}
          />
          <Section title={m.sections.notes}>
            <TextField
              label={m.notes}
              multiline
              minRows={2}
              fullWidth
              value={draft.noteOfferta}
              error={!!errors.noteOfferta}
              helperText={errors.noteOfferta}
              onChange={(e) => set({ noteOfferta: e.target.value })}
            />
          </Section>
        </Box>
        <Box>
          <PricingPanel builder={builder} props={props} />
        </Box>
      </Box>
      {props.children}
    </Paper>
  );
}
