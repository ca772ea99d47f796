import { useQuery } from '@tanstack/react-query';
import type { operations } from '../../../../generated/api.ts';
import type { Planning } from '../../../../generated/entities.ts';
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

type PlanningsQuery = NonNullable<operations['listPlanning']['parameters']['query']>;

/** A home card of activities: a page of the plannings list, each row linking to its customer where allowed. */
function usePlanningCard(
  permitted: HomeCardProps['permitted'],
  name: string,
  query: Pick<PlanningsQuery, 'filters' | 'sortBy'>,
  primary: (planning: Planning) => string,
) {
  const linkOf = customerPage(permitted);
  return useQuery({
    queryKey: ['home', name, query],
    queryFn: async () => {
      const res = await unwrap(api.GET('/api/plannings', { params: { query: { ...query, ...HOME_CARD_PAGE } } }));
      return homeCardPage(
        res.data.map((p) => ({
          key: p.id,
          primary: primary(p).trim(),
          secondary: customerName(res, p.customerId),
          to: linkOf(p.customerId),
        })),
        res,
      );
    },
  });
}

export function TodayPlanning({ permitted }: HomeCardProps) {
  const query = usePlanningCard(
    permitted,
    'today',
    { filters: { date: romeToday() }, sortBy: 'startTime' },
    (p) => `${p.startTime ?? ''}–${p.endTime ?? ''} ${p.subject ?? ''}`,
  );
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
  const query = usePlanningCard(
    permitted,
    'toComplete',
    { filters: { completed: false }, sortBy: 'date' },
    (p) => `${formatDate(p.date)} ${p.subject ?? ''}`,
  );
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
