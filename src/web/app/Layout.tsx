import { AppBar, Box, Button, Drawer, List, ListItemButton, ListItemText, ListSubheader, Toolbar, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { tokenStore } from '../session/tokenStore.ts';
import { useSessionUser } from '../session/useSessionUser.ts';
import { menuFor } from './menu.ts';
import { messages } from './messages.ts';

const DRAWER = 280;

export function Layout() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const menu = useMemo(() => menuFor(user?.roles ?? []), [user]);
  return (
    <Box sx={{ display: 'flex' }}>
      <Box role="status" sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 20, bgcolor: '#fdd835', color: '#000', fontSize: 13, textAlign: 'center', zIndex: 1400 }}>
        {messages.stagingBanner}
      </Box>
      <AppBar position="fixed" sx={{ top: 20, zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          <Typography variant="h6" component={Link} to="/" sx={{ color: 'inherit', textDecoration: 'none' }}>{messages.appTitle}</Typography>
          <Typography variant="body2" sx={{ ml: 2, opacity: 0.85, flexGrow: 1 }}>{messages.appSubtitle}</Typography>
          <Typography variant="body2" sx={{ mr: 2 }}>{`${user?.name ?? ''} ${user?.surname ?? ''}`}</Typography>
          <Button color="inherit" onClick={() => { tokenStore.clear(); navigate('/login'); }}>{messages.logout}</Button>
        </Toolbar>
      </AppBar>
      <Drawer variant="permanent" sx={{ width: DRAWER, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER, boxSizing: 'border-box', top: 84, height: 'calc(100% - 84px)' } }}>
        <nav aria-label="Menu principale">
          {menu.map(({ group, entries }) => (
            <List key={group} dense subheader={<ListSubheader component="div">{messages.menuGroups[group]}</ListSubheader>}>
              {entries.map((e) => (
                <ListItemButton key={e.route} component={NavLink} to={e.route} sx={{ '&.active': { bgcolor: 'action.selected' } }}>
                  <ListItemText primary={e.label} />
                </ListItemButton>
              ))}
            </List>
          ))}
        </nav>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3, mt: '84px', minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
