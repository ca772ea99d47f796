import { useQuery } from '@tanstack/react-query';
import { romeToday } from '../../../domain/calendar/index.ts';
import { formatDate } from '../../../domain/dates.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import type { ReferenceLabels } from '../../api/referenceLabels.ts';
import { messages } from '../../i18n/messages.ts';
import { HOME_CARD_PAGE, HomeCard, homeCardPage } from '../../ui/HomeCard.tsx';
import { customerPath } from '../customers/index.ts';
import type { HomeCardProps } from '../workflow.ts';
import { PLANNING_CALENDAR, PLANNING_LIST } from './pages.ts';

const m = messages.homePage;

/** An activity's customer page, for whom may open it (the contact centre sees its call-backs, not the customers). */
function customerPage(
  permitted: HomeCardProps['permitted'],
): (customerId: number | null | undefined) => string | undefined {
  const allowed = permitted(customerPath(0));
  return (customerId) => (customerId && allowed ? customerPath(customerId) : undefined);
}

/** The customer of an activity, by the name its answer carries (`references`). */
const customerName = (res: { references?: ReferenceLabels }, id: number | null | undefined) =>
  res.references?.customer?.find((c) => c.id === id)?.label;

export function TodayPlanning({ permitted }: HomeCardProps) {
  const today = romeToday();
  const linkOf = customerPage(permitted);
  const query = useQuery({
    queryKey: ['home', 'today', today],
    queryFn: async () => {
      const res = await unwrap(
        api.GET('/api/plannings', {
          params: { query: { filters: { date: today }, sortBy: 'startTime', ...HOME_CARD_PAGE } },
        }),
      );
      return homeCardPage(
        res.data.map((p) => ({
          key: p.id,
          primary: `${p.startTime ?? ''}–${p.endTime ?? ''} ${p.subject ?? ''}`.trim(),
          secondary: customerName(res, p.customerId),
          to: linkOf(p.customerId),
        })),
        res,
      );
    },
  });
  return (
    <HomeCard
      title={m.todayPlanning}
      query={query}
      empty={m.noneToday}
      link={{ to: PLANNING_CALENDAR, label: m.openPlanning }}
    />
  );
}

export function ToComplete({ permitted }: HomeCardProps) {
  const linkOf = customerPage(permitted);
  const query = useQuery({
    queryKey: ['home', 'toComplete'],
    queryFn: async () => {
      const res = await unwrap(
        api.GET('/api/plannings', {
          params: { query: { filters: { completed: false }, sortBy: 'date', ...HOME_CARD_PAGE } },
        }),
      );
      return homeCardPage(
        res.data.map((p) => ({
          key: p.id,
          primary: `${formatDate(p.date)} ${p.subject ?? ''}`.trim(),
          secondary: customerName(res, p.customerId),
          to: linkOf(p.customerId),
        })),
        res,
      );
    },
  });
  return (
    <HomeCard
      title={m.toComplete}
      query={query}
      empty={m.noneToComplete}
      summary={messages.labels.incompleteActivities}
      link={{ to: `${PLANNING_LIST}?f.completed=false`, label: m.seeAll }}
    />
  );
}
