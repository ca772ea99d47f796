import { Box, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatLongRomeDay } from '../../domain/dates.ts';
import { messages } from '../i18n/messages.ts';
import { pathPermitted } from '../menu.ts';
import { sessionUserName, useSessionUser } from '../session/useSessionUser.ts';
import { WORKFLOWS } from '../workflows/index.ts';
import { homeCardsFor, quickLinksFor } from './homeCards.ts';

const m = messages.homePage;
const CARDS = Object.fromEntries(WORKFLOWS.flatMap((w) => Object.entries(w.cards ?? {})));

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
          return Card && <Card key={c} userId={user?.id ?? 0} permitted={(path) => pathPermitted(path, roles)} />;
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
