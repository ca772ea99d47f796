import { useMemo, useState } from 'react';
import { APPROVAL_CODES } from '../../../domain/pricing/index.ts';
import {
  approvalOf,
  draftApprover,
  errorsByField,
  mergeArticles,
  priceDraft,
  pricedByDates,
  type OfferDraft,
  type ShownPricing,
} from './offerDraft.ts';
import { notify } from '../../ui/notificationBus.ts';
import type { OfferBuilderProps } from './OfferBuilder.tsx';
import { offerMessages as m } from './offerMessages.ts';
import { useOfferCatalog } from './useOfferCatalog.ts';

/** The engine names some fields its own way: touching the input shows the engine's message for it. */
const touchedAlias = (patch: Partial<OfferDraft>) => [
  ...('scontoPercentuale' in patch ? ['sconto'] : []),
  ...('fine' in patch || 'inizio' in patch ? ['al', 'durata'] : []),
  ...('gruppoRisorsaId' in patch ? ['listiniOfferta'] : []),
];

export const needsApproval = (e: { code: string }) => (APPROVAL_CODES as readonly string[]).includes(e.code);
/** For a supervisor what needs approval is a notice, not an error: their save gives it. */
export const withoutApprovalError = (p: ShownPricing): ShownPricing => ({
  ...p,
  errors: p.errors.filter((e) => !needsApproval(e)),
});

/**
 * The builder's draft as typed, priced by the engine at every change (or by the server when this user cannot
 * read what live pricing needs), and the messages shown: a field's once it was touched, all after a save.
 */
export function useOfferBuilder(props: OfferBuilderProps) {
  const { negotiation, initial, canApprove, serverPricing, serverErrors } = props;
  const [draft, setDraft] = useState(initial);
  // A new offer is not scolded before it is typed: a field's message shows once it was touched, all after a save.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(initial.gruppoRisorsaId !== null);
  const set = (patch: Partial<OfferDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setTouched((t) => new Set([...t, ...Object.keys(patch), ...touchedAlias(patch)]));
  };
  const offer = useOfferCatalog(draft, negotiation);
  const { catalog } = offer;

  // A group's articles arrive after it is chosen: they join the draft once, keeping what was typed.
  const [seenArticles, setSeenArticles] = useState(offer.groupArticles);
  if (offer.groupArticles !== seenArticles) {
    setSeenArticles(offer.groupArticles);
    if (offer.groupArticles) set({ articoli: mergeArticles(offer.groupArticles, draft.articoli) });
  }

  const live = offer.unavailable.length === 0 || !serverPricing;
  // The approval stored with the offer still holds while its levers are unchanged (a salesperson may edit a note).
  const { approvedBy } = props;
  const stored = useMemo(
    () => (approvedBy ? approvalOf(approvedBy, initial, catalog) : null),
    [approvedBy, initial, catalog],
  );
  const livePricing = useMemo(() => priceDraft(draft, catalog, stored), [draft, catalog, stored]);
  // "Sconto approvato da" only while the draft gives away what was approved: a changed discount needs a new one.
  const approver = live ? draftApprover(draft, catalog, stored) : (approvedBy ?? null);
  const pricing = live ? livePricing : (serverPricing ?? livePricing);
  // A supervisor's save records the approval: for them the limit is a notice, not an error.
  const approval = pricing.approvalRequired && canApprove;
  const shown = approval ? withoutApprovalError(pricing) : pricing;
  const engine = errorsByField(shown);
  const shownEngine = Object.fromEntries(
    Object.entries(engine).filter(
      ([field]) => showAll || [...touched].some((t) => field === t || field.startsWith(`${t}.`)),
    ),
  );
  const errors: Record<string, string> = { ...shownEngine, ...serverErrors };
  // Without live pricing the server is the judge: the save goes to it.
  const blocking = live ? livePricing.errors.filter((e) => !(canApprove && needsApproval(e))) : [];
  const byDates = pricedByDates(draft);
  const days = pricing.duration && byDates ? pricing.duration.value : null;
  const site = String(
    draft.site.formattedAddress || negotiation.destinazioneCantiere || negotiation.paeseTrattativa || '',
  );
  const distance = pricing.breakdown.find((l) => l.key === 'distanza');

  /**
   * The save: every message shows; what the engine refuses the server would refuse too, so nothing is sent, and
   * an earlier "Offerta salvata" still on screen is withdrawn beside "non è stata salvata".
   */
  const save = () => {
    setShowAll(true);
    if (blocking.length === 0) props.onSave?.(draft, livePricing);
    else notify.withdraw(m.saved);
  };

  return {
    draft,
    set,
    offer,
    catalog,
    live,
    pricing,
    shown,
    approval,
    approver,
    errors,
    blocking,
    showAll,
    byDates,
    days,
    site,
    distance,
    save,
  };
}

export type OfferBuilderState = ReturnType<typeof useOfferBuilder>;
