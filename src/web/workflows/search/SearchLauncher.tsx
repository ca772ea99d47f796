import { Box, Button, IconButton, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { searchMessages as m } from '../../i18n/searchMessages.ts';
import { prefetchWhenIdle } from '../../ui/prefetchWhenIdle.ts';
import { preloadable } from '../../ui/preloadable.tsx';
import { searchBox } from '../../ui/searchEvents.ts';

// The dialog and what it reads (the results, the drawer's screens, the pages it links), loaded once the page is
// idle: at its first opening it took a third of a second to come, and what was typed after Ctrl+K meanwhile was lost.
const { preload: loadDialog, Component: Dialog } = preloadable(() => import('./SearchDialog.tsx'));

/** The bar of the top bar (a button on a phone) and Ctrl+K / Cmd+K, which open the search dialog. */
export function SearchLauncher({ compact }: { compact: boolean }) {
  const [open, setOpen] = useState<{ text: string } | null>(null);
  useEffect(() => prefetchWhenIdle(loadDialog), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen((o) => o ?? { text: '' });
      }
    };
    window.addEventListener('keydown', onKey);
    const stop = searchBox.listen((text) => setOpen({ text }));
    return () => {
      window.removeEventListener('keydown', onKey);
      stop();
    };
  }, []);
  const show = () => setOpen({ text: '' });
  return (
    <>
      {compact ? (
        <Tooltip title={m.open}>
          <IconButton color="inherit" aria-label={m.open} onClick={show}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          color="inherit"
          onClick={show}
          aria-label={m.open}
          startIcon={<SearchIcon />}
          sx={{
            textTransform: 'none',
            justifyContent: 'flex-start',
            width: { md: 300, lg: 380 },
            mr: 2,
            px: 1.5,
            bgcolor: 'rgba(255,255,255,0.15)',
            '&:hover': { bgcolor: 'rgba(255,255,255,0.25)' },
          }}
        >
          <Box component="span" sx={{ flexGrow: 1, textAlign: 'left', opacity: 0.9 }}>
            {m.bar}
          </Box>
          <Box component="kbd" sx={{ fontSize: 12, opacity: 0.8, fontFamily: 'inherit' }}>
            {m.shortcut}
          </Box>
        </Button>
      )}
      {open && <Dialog key={open.text} initialText={open.text} onClose={() => setOpen(null)} />}
    </>
  );
}
