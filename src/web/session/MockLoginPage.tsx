import { useEffect, useState } from 'react';
import type { Middleware } from 'openapi-fetch';
import { RoleNameOptions } from '../../../generated/enums.ts';
import type { RoleName } from '../../../generated/entities.ts';
import { api } from '../api/client.ts';
import { mockMessages } from '../i18n/mockMessages.ts';
import { LoginPage } from './LoginPage.tsx';
import './mockLogin.css';

/**
 * The login page of `npm run dev:mock` only: the product's own, and which user the Prism mock signs in, one per
 * role. The sign-in call asks Prism for the Tokens example of that name (openapi.yaml) with
 * `Prefer: example=<role>`; whatever username and password are typed, the mock signs that user in.
 */
export default function MockLoginPage() {
  const [role, setRole] = useState<RoleName>('ROLE_SUPER_ADMIN');
  useEffect(() => {
    const pick: Middleware = {
      onRequest: ({ request, schemaPath }) => {
        if (schemaPath === '/login_check') request.headers.set('Prefer', `example=${role}`);
        return request;
      },
    };
    api.use(pick);
    return () => api.eject(pick);
  }, [role]);
  return (
    <>
      <LoginPage />
      <aside className="mock-login" aria-label={mockMessages.title}>
        <label htmlFor="mock-role">{mockMessages.role}</label>
        <select id="mock-role" value={role} onChange={(e) => setRole(e.target.value as RoleName)}>
          {RoleNameOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </aside>
    </>
  );
}
