import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  IconButton,
  InputAdornment,
  LinearProgress,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BANNER } from '../../app/layoutSizes.ts';
import { drawerFor } from '../../menu.ts';
import { searchMessages as m } from '../../i18n/searchMessages.ts';
import { useSessionUser } from '../../session/useSessionUser.ts';
import { CallerPanel } from './CallerPanel.tsx';
import { optionId, SearchResultList } from './SearchResultList.tsx';
import { pathOf } from './searchPaths.ts';
import { fromResult, recentItems, screensMatching, type SearchItem } from './searchTargets.ts';
import { useSearchResults } from './useSearchResults.ts';

/** The search box's dialog: the text, what it finds (or the recent records), a caller's panel; keyboard first. */
export default function SearchDialog({ initialText, onClose }: { initialText: string; onClose: () => void }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const phone = useMediaQuery((t) => t.breakpoints.down('sm'));
  const [text, setText] = useState(initialText);
  const [active, setActive] = useState(0);
  const recent = useMemo(() => (user ? recentItems(localStorage, user.id) : null), [user]);
  const sections = useMemo(() => drawerFor(user?.roles ?? []), [user]);
  const search = useSearchResults(text);
  const answer = search.enabled ? search.data : undefined;
  const items: SearchItem[] = useMemo(() => {
    if (!search.enabled) return recent?.read() ?? [];
    return [...(answer?.results.map(fromResult) ?? []), ...screensMatching(sections, search.settled)];
  }, [search.enabled, search.settled, answer, sections, recent]);
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const choose = useCallback(
    (item: SearchItem) => {
      if (item.kind !== 'schermata') recent?.remember(item);
      onClose();
      void navigate(pathOf(item));
    },
    [recent, onClose, navigate],
  );
  // The list shows the answer to what is typed now (not the previous text's, kept while the next one comes).
  const ready =
    !search.enabled || search.isError || (!search.typing && !search.isPlaceholderData && !search.isFetching);
  // Enter pressed before the answer came (a VAT number typed and Enter at once): the answer's choice opens then.
  const enterWaiting = useRef(false);
  useEffect(() => {
    const item = items[current];
    if (enterWaiting.current && ready && item) choose(item);
  }, [ready, items, current, choose]);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!items.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[current];
      if (ready && item) choose(item);
      else enterWaiting.current = true;
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-label={m.label}
      // On a phone the dialog takes the screen below the staging banner, which stays on top of everything.
      slotProps={{ paper: { sx: phone ? { pt: `${BANNER}px` } : { position: 'absolute', top: 48 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            enterWaiting.current = false;
          }}
          onKeyDown={onKeyDown}
          placeholder={m.placeholder}
          slotProps={{
            htmlInput: {
              'aria-label': m.label,
              role: 'combobox',
              'aria-expanded': items.length > 0,
              'aria-controls': 'ricerca-risultati',
              'aria-activedescendant': items.length ? optionId(current) : undefined,
              maxLength: 100,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <IconButton aria-label={m.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ height: 4 }}>{search.enabled && (search.isFetching || search.typing) && <LinearProgress />}</Box>
      <DialogContent sx={{ p: 0, minHeight: 240 }}>
        {search.isError && search.enabled && (
          <Alert severity="warning" sx={{ m: 2 }}>
            {m.failed}
          </Alert>
        )}
        {answer?.caller && <CallerPanel caller={answer.caller} onOpen={onClose} />}
        {items.length > 0 ? (
          <SearchResultList
            heading={search.enabled ? m.results : m.recent}
            items={items}
            active={current}
            onChoose={choose}
            onHover={setActive}
          />
        ) : (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {!search.enabled ? m.noRecent : search.isFetching || search.typing ? m.searching : m.none(search.settled)}
          </Typography>
        )}
      </DialogContent>
      {!phone && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          {m.keys}
        </Typography>
      )}
    </Dialog>
  );
}
