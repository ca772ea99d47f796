import { CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { useSessionUser } from '../../session/useSessionUser.ts';
import { offerApi } from './offerApi.ts';
import { draftFromNegotiation } from './offerDraft.ts';
import { OfferBuilder } from './OfferBuilder.tsx';

/** Who approves a discount above the limit by saving it (issue 15). */
const APPROVERS = ['ROLE_SUPERVISOR_CP', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN'];

/** The offer of a saved negotiation, inside its page: the builder, started from what is stored. */
export function NegotiationOffer({ negotiation }: { negotiation: Row }) {
  const user = useSessionUser();
  const insurances = useQuery({
    queryKey: ['offer', 'insurances'],
    queryFn: offerApi.insurances,
    staleTime: 5 * 60_000,
  });
  if (!insurances.data) return <CircularProgress aria-label={messages.loading} />;
  return (
    <OfferBuilder
      key={String(negotiation.version ?? '')}
      negotiation={negotiation}
      initial={draftFromNegotiation(negotiation, insurances.data)}
      canApprove={(user?.roles ?? []).some((r) => APPROVERS.includes(r))}
    />
  );
}
