import { Box } from '@mui/material';
import { Outlet } from 'react-router-dom';
import { useSecurityReload } from './useSecurityReload.ts';

/**
 * The plain layout (SPEC.md section 2): signed-in pages without top bar, drawer, side panel or
 * footer, such as print views. Like the default one, it reloads the security state on each navigation.
 */
export function PlainLayout() {
  useSecurityReload();
  return (
    <Box component="main" sx={{ p: 3, bgcolor: 'background.paper', minHeight: '100vh' }}>
      <Outlet />
    </Box>
  );
}
