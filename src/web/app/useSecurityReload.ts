import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../api/client.ts';

/** SPEC.md section 6: on every navigation the security state is reloaded (an ended session ends there). */
export function useSecurityReload(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void api.GET('/api/users/me');
  }, [pathname]);
}
