import { Box, Button, Chip, CircularProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatLongRomeDay } from '../../domain/dates.ts';
import { formatPhoneDisplay } from '../../domain/phone/index.ts';
import { unwrap } from '../api/apiError.ts';
import type { ReferenceLabels } from '../api/referenceLabels.ts';
import { api } from '../api/client.ts';
import { answeredBy } from '../api/httpMiddleware.ts';
import { messages } from '../i18n/messages.ts';
import { sessionUserName, useSessionUser } from '../session/useSessionUser.ts';
import { pathPermitted } from '../menu.ts';
import { HOME_CARDS, homeCardsFor, quickLinksFor, todayInItaly, type HomeCardId } from './homeCards.ts';

const m = messages.homePage;
const FIRST = { page: 1, rowsPerPage: 5 };

interface Item {
  key: number | undefined;
  primary: string;
  secondary?: string;
  to?: string;
}

/** A card: a title with how many there are, the first few, a link to the whole screen; never blank. */
function HomeCard(props: {
  title: string;
  query: { isLoading: boolean; isError: boolean; data?: { items: Item[]; total: number } };
  empty: string;
  link: { to: string; label: string };
  summary?: (total: number) => string;
}) {
  const { title, query, empty, link, summary } = props;
  const total = query.data?.total ?? 0;
  let body: ReactNode;
  if (query.isLoading) body = <CircularProgress size={24} aria-label={messages.loading} />;
  else if (query.isError) body = <Typography color="text.secondary">{m.loadFailed}</Typography>;
  else if (total === 0) body = <Typography color="text.secondary">{empty}</Typography>;
  else
    body = (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {summary && <Typography component="li">{summary(total)}</Typography>}
        {query.data?.items.map((i) => (
          <Box component="li" key={i.key ?? i.primary}>
            {i.to ? (
              <MuiLink component={Link} to={i.to} underline="hover">
                {i.primary}
              </MuiLink>
            ) : (
              <Typography component="span">{i.primary}</Typography>
            )}
            {i.secondary && (
              <Typography variant="body2" color="text.secondary">
                {i.secondary}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    );
  return (
    <Paper component="section" aria-label={title} sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {!query.isLoading && !query.isError && (
          <Chip size="small" label={total} color={total ? 'primary' : 'default'} />
        )}
      </Box>
      <Box sx={{ flexGrow: 1 }}>{body}</Box>
      <Box>
        <Button component={Link} to={link.to} size="small">
          {link.label}
        </Button>
      </Box>
    </Paper>
  );
}

const page = (items: Item[], res: { totalRows: number }) => ({ items, total: res.totalRows });

/** An activity's customer page, for whom may open it (the contact centre sees its call-backs, not the customers). */
function useCustomerPage(): (customerId: number | null | undefined) => string | undefined {
  const roles = useSessionUser()?.roles ?? [];
  const allowed = pathPermitted('/customers/0', roles);
  return (customerId) => (customerId && allowed ? `/customers/${customerId}` : undefined);
}

/** The customer of an activity, by the name its answer carries (`references`). */
const customerName = (res: { references?: ReferenceLabels }, id: number | null | undefined) =>
  res.references?.customer?.find((c) => c.id === id)?.label;

function TodayPlanning() {
  const today = todayInItaly();
  const customerPage = useCustomerPage();
  const query = useQuery({
    queryKey: ['home', 'today', today],
    queryFn: async () => {
      const res = await unwrap(
        api.GET('/api/plannings', { params: { query: { filters: { date: today }, sortBy: 'startTime', ...FIRST } } }),
      );
      return page(
        res.data.map((p) => ({
          key: p.id,
          primary: `${p.startTime ?? ''}–${p.endTime ?? ''} ${p.subject ?? ''}`.trim(),
          secondary: customerName(res, p.customerId),
          to: customerPage(p.customerId),
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
      link={{ to: HOME_CARDS.todayPlanning, label: m.openPlanning }}
    />
  );
}

function ToComplete() {
  const customerPage = useCustomerPage();
  const query = useQuery({
    queryKey: ['home', 'toComplete'],
    queryFn: async () => {
      const res = await unwrap(
        api.GET('/api/plannings', { params: { query: { filters: { completed: false }, sortBy: 'date', ...FIRST } } }),
      );
      return page(
        res.data.map((p) => ({
          key: p.id,
          primary: `${formatDate(p.date)} ${p.subject ?? ''}`.trim(),
          secondary: customerName(res, p.customerId),
          to: customerPage(p.customerId),
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
      link={{ to: `${HOME_CARDS.toComplete}?f.completed=false`, label: m.seeAll }}
    />
  );
}

/** Shown once the negotiations call answers: until that workflow lands (501) the card stays away, quietly. */
function MyNegotiations({ userId }: { userId: number }) {
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
              ...FIRST,
            },
          },
          middleware: [answeredBy([501])],
        }),
      );
      return page(
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
      link={{ to: HOME_CARDS.myNegotiations, label: m.openNegotiations }}
    />
  );
}

function MissedCalls() {
  const query = useQuery({
    queryKey: ['home', 'missedCalls'],
    queryFn: async () => {
      const res = await unwrap(
        api.GET('/api/missed-calls', {
          params: { query: { recalled: 'N', internal: 'N', sortBy: 'receivedAt', descending: 1, ...FIRST } },
        }),
      );
      return page(
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
      link={{ to: `${HOME_CARDS.missedCalls}?f.recalled=N&f.internal=N`, label: m.openMissedCalls }}
    />
  );
}

const CARDS: Record<HomeCardId, (props: { userId: number }) => ReactNode> = {
  todayPlanning: TodayPlanning,
  toComplete: ToComplete,
  myNegotiations: MyNegotiations,
  missedCalls: MissedCalls,
};

const longToday = () => formatLongRomeDay(new Date());

/** The home page of each role: what is due today and waiting, and the way to the user's screens. */
export function HomePage() {
  const user = useSessionUser();
  const roles = user?.roles ?? [];
  const cards = homeCardsFor(roles);
  const links = quickLinksFor(roles);
  return (
    <>
      <Typography variant="h5" component="h1">
        {messages.homeWelcome(sessionUserName(user))}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {longToday()}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', mb: 3 }}>
        {cards.map((c) => {
          const Card = CARDS[c];
          return <Card key={c} userId={user?.id ?? 0} />;
        })}
      </Box>
      <Paper component="section" aria-label={m.links} sx={{ p: 2.5 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {m.links}
        </Typography>
        {links.length === 0 && <Typography color="text.secondary">{m.noScreens}</Typography>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {links.map((s) => (
            <Box key={s.label}>
              <Typography variant="subtitle2" color="text.secondary">
                {s.label}
              </Typography>
              <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {s.entries.map((e) => (
                  <li key={e.route}>
                    <MuiLink component={Link} to={e.route} underline="hover">
                      {e.label}
                    </MuiLink>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
          <Box>
            <Typography variant="subtitle2" color="text.secondary">
              {messages.profile.title}
            </Typography>
            <MuiLink component={Link} to="/profile" underline="hover">
              {m.profile}
            </MuiLink>
          </Box>
        </Box>
      </Paper>
    </>
  );
}
