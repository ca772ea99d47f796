import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../domain/dates.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { answeredBy } from '../../api/httpMiddleware.ts';
import { messages } from '../../i18n/messages.ts';
import { HOME_CARD_PAGE, HomeCard, homeCardPage } from '../../ui/HomeCard.tsx';
import type { HomeCardProps } from '../workflow.ts';
import { NEGOTIATION_LIST } from './pages.ts';

const m = messages.homePage;

/** Shown once the negotiations call answers: until that workflow lands (501) the card stays away, quietly. */
export function MyNegotiationsCard({ userId }: HomeCardProps) {
  const query = useQuery({
    queryKey: ['home', 'negotiations', userId],
    queryFn: async () => {
      const res = await unwrap(
        api.GET('/api/trattative_cp', {
          params: {
            query: {
              filters: { operatoreId: userId, archiviata: 'N' },
              sortBy: 'dataInserimento',
              descending: 1,
              ...HOME_CARD_PAGE,
            },
          },
          middleware: [answeredBy([501])],
        }),
      );
      return homeCardPage(
        res.data.map((t) => ({
          key: t.id,
          primary: t.ragioneSociale ?? '',
          secondary: formatDate(t.dataInserimento) || undefined,
        })),
        res,
      );
    },
  });
  if (query.isError) return null;
  return (
    <HomeCard
      title={m.myNegotiations}
      query={query}
      empty={m.noNegotiations}
      link={{ to: NEGOTIATION_LIST, label: m.openNegotiations }}
    />
  );
}
