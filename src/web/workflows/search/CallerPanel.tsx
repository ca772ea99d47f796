import { Box, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { searchMessages as m } from '../../i18n/searchMessages.ts';
import { negotiationPath } from '../negotiations/index.ts';
import type { SearchCaller } from './searchTargets.ts';

/** A phone number's caller: its open negotiations and, for the contact centre, its last calls. */
export function CallerPanel({ caller, onOpen }: { caller: SearchCaller; onOpen: () => void }) {
  return (
    <Box
      component="section"
      aria-label={m.caller(displayFormats.phone(caller.phone))}
      sx={{ mx: 2, mb: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Typography variant="subtitle2">{m.caller(displayFormats.phone(caller.phone))}</Typography>
      <Typography variant="caption" color="text.secondary">
        {m.callerNegotiations}
      </Typography>
      {caller.negotiations.length === 0 ? (
        <Typography variant="body2">{m.callerNoNegotiations}</Typography>
      ) : (
        <List dense disablePadding>
          {caller.negotiations.map((n) => (
            <ListItem key={n.id} disableGutters sx={{ py: 0 }}>
              <MuiLink component={Link} to={negotiationPath(n.id)} onClick={onOpen}>
                {n.ragioneSociale}
              </MuiLink>
              <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {displayFormats.date(n.dataInserimento?.slice(0, 10))}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      {caller.calls && (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {m.callerCalls}
          </Typography>
          {caller.calls.length === 0 ? (
            <Typography variant="body2">{m.callerNoCalls}</Typography>
          ) : (
            <List dense disablePadding>
              {caller.calls.map((c) => (
                <ListItem key={c.startedAt + c.direction} disableGutters sx={{ py: 0 }}>
                  <Typography variant="body2" color={c.answered ? 'text.primary' : 'error'}>
                    {m.call(displayFormats.dateTime(c.startedAt), c.direction === 'inbound', c.answered)}
                    {c.durationSeconds ? ` · ${displayFormats.duration(c.durationSeconds)}` : ''}
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </Box>
  );
}
