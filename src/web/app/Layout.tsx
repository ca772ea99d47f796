import {
  AppBar,
  Avatar,
  Box,
  Button,
  Drawer,
  Fade,
  IconButton,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, matchPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AppDrawer } from './AppDrawer.tsx';
import { drawerFor } from '../menu.ts';
import { authProvider } from '../session/authProvider.ts';
import { useHub } from '../session/useHub.ts';
import { sessionUserName, useSessionUser } from '../session/useSessionUser.ts';
import { firstFrame } from '../resources/firstFrame.ts';
import { personInitials } from '../../domain/personName.ts';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { SidePanel } from '../ui/SidePanel.tsx';
import { Footer } from './Footer.tsx';
import { messages } from '../i18n/messages.ts';
import { LANGUAGE } from '../i18n/locale.ts';
import { WORKFLOW_PAGES } from '../workflows/pages.ts';
import { SearchLauncher } from '../workflows/search/index.ts';
import { USERS_LIST } from '../workflows/users/index.ts';
import { BANNER, DRAWER, pagePadding, SMALL_BELOW, TOP } from './layoutSizes.ts';

const PUBLIC_PAGES = WORKFLOW_PAGES.flatMap((w) => w.publicPages ?? []);
const isPublicPath = (path: string) => PUBLIC_PAGES.some((pattern) => matchPath(pattern, path));

const MAIN = 'contenuto';

/** The first stop of the Tab key: past the top bar and the drawer, straight to the page. */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN}`}
      onClick={(e: React.MouseEvent) => {
        e.preventDefault();
        document.getElementById(MAIN)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 4,
        left: 8,
        zIndex: 2000,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {messages.skipToContent}
    </Box>
  );
}

/** The default layout: top bar, loading bar, drawer, right side panel, footer, notifications. */
export function Layout() {
  const user = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sections = useMemo(() => drawerFor(user?.roles ?? []), [user]);
  // On a phone (the inventory is counted on one) the drawer slides in from a menu button instead of taking the width.
  const phone = useMediaQuery((t) => t.breakpoints.down('md'));
  const [menuOpen, setMenuOpen] = useState<string | null>(null);
  // A list opened cold: its page takes the place of its first frame's picture as it is, not fading in from
  // nothing; the pages after it fade in.
  const [pictured, setPictured] = useState(() => firstFrame.get()?.path);
  if (pictured && pictured !== location.pathname) setPictured(undefined);
  useHub(user?.id);
  if (location.pathname.includes('lang'))
    return <Navigate to={location.pathname.replace(/lang/g, LANGUAGE) + location.search} replace />;
  // SPEC.md section 2: no top bar on the customer's public offer page.
  const publicOffer = isPublicPath(location.pathname);
  const fullName = sessionUserName(user);
  const endImpersonation = () => {
    if (!authProvider.endImpersonation()) return;
    queryClient.clear();
    void navigate(USERS_LIST);
  };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
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
            {phone && (
              <IconButton
                color="inherit"
                edge="start"
                aria-label={messages.openMenu}
                onClick={() => setMenuOpen(location.pathname)}
                sx={{ mr: 1 }}
              >
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component={Link} to="/" sx={{ color: 'inherit', textDecoration: 'none' }}>
              {messages.appTitle}
            </Typography>
            <Typography
              variant="body2"
              sx={{ ml: 2, opacity: 0.85, flexGrow: 1, visibility: { xs: 'hidden', sm: 'visible' } }}
            >
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
            <SearchLauncher compact={phone} />
            {/* On a phone the full name took two lines of the bar: its initials, the name still the link's. */}
            <Button
              color="inherit"
              component={Link}
              to="/profile"
              aria-label={phone ? fullName : undefined}
              title={phone ? fullName : undefined}
              sx={{ textTransform: 'none', mr: 1, minWidth: 0, whiteSpace: 'nowrap' }}
            >
              {phone ? (
                <Avatar
                  sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit' }}
                >
                  {personInitials(user ?? {})}
                </Avatar>
              ) : (
                fullName
              )}
            </Button>
            <Button color="inherit" onClick={() => authProvider.logout(false)}>
              {messages.logout}
            </Button>
          </Toolbar>
        </AppBar>
      )}
      {!publicOffer && (
        <Drawer
          variant={phone ? 'temporary' : 'permanent'}
          // Open on a phone until the next page: choosing an entry closes it.
          open={!phone || menuOpen === location.pathname}
          onClose={() => setMenuOpen(null)}
          sx={{
            width: phone ? 0 : DRAWER,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER, boxSizing: 'border-box', top: TOP, height: `calc(100% - ${TOP}px)` },
          }}
        >
          <AppDrawer sections={sections} pathname={location.pathname} />
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
        <Fade key={location.pathname} in appear={location.pathname !== pictured} timeout={{ enter: 200, exit: 0 }}>
          <Box
            component="main"
            id={MAIN}
            tabIndex={-1}
            sx={{
              p: { xs: `${pagePadding(0)}px`, sm: `${pagePadding(SMALL_BELOW)}px` },
              flexGrow: 1,
              '&:focus': { outline: 'none' },
            }}
          >
            <Outlet />
          </Box>
        </Fade>
        <Footer />
      </Box>
      <SidePanel />
    </Box>
  );
}
