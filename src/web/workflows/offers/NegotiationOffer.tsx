import { Alert, CircularProgress } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DISCOUNT_APPROVERS } from '../../../domain/accessRules.ts';
import { ApiError } from '../../api/apiError.ts';
import type { Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { useSessionUser } from '../../session/useSessionUser.ts';
import { useNotify } from '../../ui/notifications.tsx';
import { offerApi, type NegotiationOfferData } from './offerApi.ts';
import {
  draftFromInput,
  inputOfDraft,
  pricingOfServer,
  rebaseDraft,
  type OfferDraft,
  type ShownPricing,
} from './offerDraft.ts';
import { OfferBuilder } from './OfferBuilder.tsx';
import { offerMessages as m } from './offerMessages.ts';
import { OfferVersions } from './OfferVersions.tsx';

/**
 * What was typed when a save was refused because someone saved in between, and the offer it started from: kept
 * across the reload (the page is drawn anew with the stored version) and put back on top of the stored offer.
 */
const carried = new Map<number, { base: OfferDraft; mine: OfferDraft }>();

/** A save refused because the offer was saved in between (409 with no field: the server says who). */
const isStale = (error: unknown) => error instanceof ApiError && error.status === 409 && !error.body.violations?.length;

/** A refused save: the server's messages by field (`articoli.0.price` as sent) and its message. */
function refusal(error: unknown): { fields: Record<string, string>; message: string } {
  if (!(error instanceof ApiError)) return { fields: {}, message: messages.networkError };
  const fields: Record<string, string> = {};
  for (const v of error.body.violations ?? []) fields[v.field] ??= v.message;
  return { fields, message: error.message };
}

function OfferEditor({ negotiation, offer }: { negotiation: Row; offer: NegotiationOfferData }) {
  const user = useSessionUser();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const id = Number(negotiation.id);
  const insurances = useQuery({
    queryKey: ['offer', 'insurances'],
    queryFn: offerApi.insurances,
    staleTime: 5 * 60_000,
  });
  const [refused, setRefused] = useState<{ fields: Record<string, string>; message: string } | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Taken once, by the builder drawn after the reload.
  const [restart] = useState(() => carried.get(id));
  useEffect(() => {
    carried.delete(id);
  }, [id]);
  if (!insurances.data) return <CircularProgress aria-label={messages.loading} />;
  const stored = draftFromInput(offer.input, insurances.data);
  const rebased = restart && rebaseDraft(restart.base, restart.mine, stored);

  async function save(draft: OfferDraft, shown: ShownPricing) {
    setBusy(true);
    try {
      const saved = await offerApi.save(id, inputOfDraft(draft, shown.figures, offer.version));
      setRefused(null);
      queryClient.setQueryData(['offerta', id, saved.version], saved);
      // The negotiation's version moved: the page reads it again (its form starts from the stored record, so
      // the page is drawn anew). Only then is it said saved: a dialog opened in between would have gone with it.
      await queryClient.invalidateQueries({ queryKey: ['record', 'trattativaCp', String(id)] });
      notify.success(m.saved);
    } catch (e) {
      notify.withdraw(m.saved);
      if (isStale(e)) setStale((e as ApiError).message);
      else setRefused(refusal(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <OfferBuilder
      negotiation={negotiation}
      initial={rebased?.draft ?? stored}
      notice={
        rebased && [
          m.reloaded,
          ...(rebased.bothChanged.length
            ? [m.bothChanged(rebased.bothChanged.map((f) => m.draftFields[f]).join(', '))]
            : []),
        ]
      }
      conflict={
        stale === null
          ? null
          : {
              message: stale,
              onReload: (mine) => {
                carried.set(id, { base: stored, mine });
                // The page reads the negotiation again: its new version brings the offer as stored now.
                void queryClient.invalidateQueries({ queryKey: ['record', 'trattativaCp', String(id)] });
              },
            }
      }
      serverPricing={pricingOfServer(offer.calcolo)}
      approvedBy={offer.scontoApprovatoDa ?? null}
      canApprove={(user?.roles ?? []).some((r) => DISCOUNT_APPROVERS.includes(r))}
      serverErrors={refused?.fields ?? {}}
      refusedMessage={refused?.message ?? null}
      busy={busy}
      onSave={(draft, shown) => void save(draft, shown)}
    >
      <OfferVersions negotiationId={id} versions={offer.versioni} />
    </OfferBuilder>
  );
}

/** The offer of a saved negotiation, inside its page: the builder, started from what the server stored. */
export function NegotiationOffer({ negotiation }: { negotiation: Row }) {
  const id = Number(negotiation.id);
  const queryClient = useQueryClient();
  const offer = useQuery({ queryKey: ['offerta', id, negotiation.version], queryFn: () => offerApi.get(id) });
  // Whenever the page reads the negotiation again (after a send, which freezes a version and may leave the
  // negotiation itself as it was), the offer is read again too.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const [kind, name, recordId] = event.query.queryKey as unknown[];
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (kind === 'record' && name === 'trattativaCp' && recordId === String(id))
          void queryClient.invalidateQueries({ queryKey: ['offerta', id] });
      }),
    [id, queryClient],
  );
  if (offer.error) return <Alert severity="error" sx={{ mb: 3 }}>{`${m.loadFailed}: ${offer.error.message}`}</Alert>;
  if (!offer.data) return <CircularProgress aria-label={messages.loading} />;
  return <OfferEditor key={String(offer.data.version)} negotiation={negotiation} offer={offer.data} />;
}
