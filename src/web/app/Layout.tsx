import {
  AppBar,
  Box,
  Button,
  Drawer,
  Fade,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Toolbar,
  Typography,
} from '@mui/material';
import { Fragment, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { DrawerSection } from '../../domain/menu.ts';
import { drawerFor } from '../menu.ts';
import { authProvider } from '../session/authProvider.ts';
import { useHub } from '../session/useHub.ts';
import { sessionUserName, useSessionUser } from '../session/useSessionUser.ts';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { SidePanel } from '../ui/SidePanel.tsx';
import { Footer } from './Footer.tsx';
import { messages } from '../i18n/messages.ts';

const DRAWER = 280;
// SPEC.md section 2: a path containing "lang" has it replaced by the current language.
const LANGUAGE = 'it';
const BANNER = 20;
const TOP = BANNER + 64;

function Section({ section, depth = 0 }: { section: DrawerSection; depth?: number }) {
  return (
    <List
      dense
      disablePadding
      subheader={<ListSubheader sx={{ pl: 2 + depth * 2, lineHeight: '36px' }}>{section.group.label}</ListSubheader>}
    >
      {section.entries.map((e) => (
        <ListItem key={e.route} disablePadding>
          <ListItemButton
            component={NavLink}
            to={e.route}
            sx={{ pl: 3 + depth * 2, '&.active': { bgcolor: 'action.selected' } }}
          >
            <ListItemText primary={e.label} />
          </ListItemButton>
        </ListItem>
      ))}
      {section.children.map((c) => (
        <ListItem key={c.group.id} disablePadding sx={{ display: 'block' }}>
          <Section section={c} depth={depth + 1} />
        </ListItem>
      ))}
    </List>
  );
}

/** The default layout: top bar, loading bar, drawer, right side panel, footer, notifications. */
export function Layout() {
  const user = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sections = useMemo(() => drawerFor(user?.roles ?? []), [user]);
  useHub(user?.id);
  if (location.pathname.includes('lang'))
    return <Navigate to={location.pathname.replace(/lang/g, LANGUAGE) + location.search} replace />;
  // SPEC.md section 2: no top bar on the customer's public offer page.
  const publicOffer = location.pathname.startsWith('/trattativeCp/offers/');
  const fullName = sessionUserName(user);
  const endImpersonation = () => {
    if (!authProvider.endImpersonation()) return;
    queryClient.clear();
    void navigate('/utenti/users');
  };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <LoadingBar />
      <Box
        role="status"
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          height: BANNER,
          bgcolor: '#fdd835',
          color: '#000',
          fontSize: 13,
          textAlign: 'center',
          zIndex: 1400,
        }}
      >
        {messages.stagingBanner}
      </Box>
      {!publicOffer && (
        <AppBar
          position="fixed"
          color={user?.impersonator ? 'warning' : 'primary'}
          sx={{ top: BANNER, zIndex: (t) => t.zIndex.drawer + 1 }}
        >
          <Toolbar>
            <Typography variant="h6" component={Link} to="/" sx={{ color: 'inherit', textDecoration: 'none' }}>
              {messages.appTitle}
            </Typography>
            <Typography variant="body2" sx={{ ml: 2, opacity: 0.85, flexGrow: 1 }}>
              {messages.appSubtitle}
            </Typography>
            {user?.impersonator && (
              <Box
                role="status"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  mr: 2,
                  px: 1.5,
                  py: 0.5,
                  borderRadius: 1,
                  bgcolor: 'rgba(0,0,0,0.15)',
                }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {messages.impersonation.banner(fullName)}
                </Typography>
                <Button
                  size="small"
                  variant="contained"
                  color="inherit"
                  sx={{ color: 'text.primary' }}
                  onClick={endImpersonation}
                >
                  {messages.impersonation.back(user.impersonator.name)}
                </Button>
              </Box>
            )}
            <Button color="inherit" component={Link} to="/profile" sx={{ textTransform: 'none', mr: 1 }}>
              {fullName}
            </Button>
            <Button color="inherit" onClick={() => authProvider.logout(false)}>
              {messages.logout}
            </Button>
          </Toolbar>
        </AppBar>
      )}
      {!publicOffer && (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER, boxSizing: 'border-box', top: TOP, height: `calc(100% - ${TOP}px)` },
          }}
        >
          <nav aria-label={messages.mainMenu}>
            {sections.map((s) => (
              <Fragment key={s.group.id}>
                <Section section={s} />
              </Fragment>
            ))}
          </nav>
        </Drawer>
      )}
      <Box
        sx={{
          flexGrow: 1,
          minWidth: 0,
          mt: `${publicOffer ? BANNER : TOP}px`,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {/* Out-in: the old page leaves before the new one fades in. */}
        <Fade key={location.pathname} in appear timeout={{ enter: 200, exit: 0 }}>
          <Box component="main" sx={{ p: 3, flexGrow: 1 }}>
            <Outlet />
          </Box>
        </Fade>
        <Footer />
      </Box>
      <SidePanel />
    </Box>
  );
}
