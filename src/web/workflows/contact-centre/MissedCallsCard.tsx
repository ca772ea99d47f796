import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../domain/dates.ts';
import { formatPhoneDisplay } from '../../../domain/phone/index.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { messages } from '../../i18n/messages.ts';
import { HOME_CARD_PAGE, HomeCard, homeCardPage } from '../../ui/HomeCard.tsx';
import { MISSED_CALLS } from './pages.ts';

const m = messages.homePage;

export function MissedCallsCard() {
  const query = useQuery({
    queryKey: ['home', 'missedCalls'],
    queryFn: async () => {
      const res = await unwrap(
        api.GET('/api/missed-calls', {
          params: { query: { recalled: 'N', internal: 'N', sortBy: 'receivedAt', descending: 1, ...HOME_CARD_PAGE } },
        }),
      );
      return homeCardPage(
        res.data.map((c) => ({
          key: c.id,
          primary: formatPhoneDisplay(c.senderPhone),
          secondary: [formatDate(c.receivedAt, 'DD-MM-YYYY HH:mm'), c.branchOffice].filter(Boolean).join(' · '),
        })),
        res,
      );
    },
  });
  return (
    <HomeCard
      title={m.missedCalls}
      query={query}
      empty={m.noMissedCalls}
      link={{ to: `${MISSED_CALLS}?f.recalled=N&f.internal=N`, label: m.openMissedCalls }}
    />
  );
}
