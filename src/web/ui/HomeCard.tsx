import { Box, Button, Chip, CircularProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../i18n/messages.ts';

const m = messages.homePage;
/** The first few of a card. */
export const HOME_CARD_PAGE = { page: 1, rowsPerPage: 5 };

export interface HomeCardItem {
  key: number | undefined;
  primary: string;
  secondary?: string;
  to?: string;
}

/** A card's items and how many there are, from a page of a list call. */
export const homeCardPage = (items: HomeCardItem[], res: { totalRows: number }) => ({ items, total: res.totalRows });

/** A card of the home page: a title with how many there are, the first few, a link to the whole screen; never blank. */
export function HomeCard(props: {
  title: string;
  query: { isLoading: boolean; isError: boolean; data?: { items: HomeCardItem[]; total: number } };
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
