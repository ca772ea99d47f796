import { Outlet, useLocation } from 'react-router-dom';
import { pathPermitted } from '../menu.ts';
import { useSecurityReload } from './useSecurityReload.ts';
import { useSessionUser } from '../session/useSessionUser.ts';
import { ErrorPage } from '../ui/ErrorPage.tsx';
import { messages } from '../i18n/messages.ts';

/**
 * SPEC.md section 6, on every navigation: the security state is reloaded from the server
 * (an expired or deactivated session ends there), then the path must be permitted for the user's roles.
 */
export function Guard() {
  const location = useLocation();
  const user = useSessionUser();
  useSecurityReload();
  if (!user) return null;
  if (!pathPermitted(location.pathname, user.roles)) return <ErrorPage status={403} message={messages.unauthorized} />;
  return <Outlet />;
}
