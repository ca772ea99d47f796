import { Box, Button, Collapse, Drawer, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { BANNER } from '../app/layoutSizes.ts';
import { messages } from '../i18n/messages.ts';
import { Icon } from './Icon.tsx';
import { sidePanel, type SidePanelContent } from './sidePanelEvents.ts';

const SLIDE_MS = 300;
const CHROME_PX = 150;

function useWindowHeight() {
  const [h, setH] = useState(window.innerHeight);
  useEffect(() => {
    const on = () => setH(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return h;
}

/** Right-hand slide-in panel; Escape, the close icon and "Chiudi" all close it. */
export function SidePanel() {
  const [content, setContent] = useState<SidePanelContent | null>(null);
  const [open, setOpen] = useState(false);
  const [guide, setGuide] = useState(false);
  const height = useWindowHeight();
  useEffect(
    () =>
      sidePanel.listen((d) => {
        if (d.visible) {
          setContent(d.content);
          setGuide(false);
        }
        setOpen(d.visible);
      }),
    [],
  );
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={() => sidePanel.close()}
      transitionDuration={SLIDE_MS}
      // Above the top bar (a drawer's layer is under it) yet at the modal layer, so a menu opened inside shows on
      // top; below the staging banner, which stays in view.
      sx={{ zIndex: (t) => t.zIndex.modal }}
      slotProps={{
        paper: {
          sx: {
            width: '100%',
            maxWidth: content?.maxWidth ?? '33%',
            minWidth: 320,
            top: BANNER,
            height: `calc(100% - ${BANNER}px)`,
          },
          role: 'dialog',
          'aria-labelledby': 'side-panel-title',
        } as object,
      }}
    >
      {content && (
        <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography id="side-panel-title" variant="h6" component="h2">
                {content.title}
              </Typography>
              {content.subtitle && (
                <Typography variant="body2" color="text.secondary">
                  {content.subtitle}
                </Typography>
              )}
            </Box>
            {content.guide && <Icon name="info" onClick={() => setGuide((g) => !g)} />}
            <Icon name="close" onClick={() => sidePanel.close()} />
          </Box>
          {content.guide && (
            <Collapse in={guide}>
              <Box sx={{ p: 2, bgcolor: 'action.hover' }}>{content.guide}</Box>
            </Collapse>
          )}
          {/* The window's height less 150 px (SPEC), less when a long title or guide needs more: 'Chiudi' stays in view. */}
          <Box
            data-testid="side-panel-content"
            sx={{
              p: 2,
              overflowY: 'auto',
              height: height - CHROME_PX,
              flexShrink: 1,
              minHeight: 0,
              boxSizing: 'border-box',
            }}
          >
            {content.body}
          </Box>
          <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', textAlign: 'right' }}>
            <Button variant="outlined" onClick={() => sidePanel.close()}>
              {messages.actions.close}
            </Button>
          </Box>
        </Box>
      )}
    </Drawer>
  );
}
