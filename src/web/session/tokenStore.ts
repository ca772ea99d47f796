import type { RoleName } from '../../../generated/entities.ts';

// SPEC.md section 7: the names carry the environment, so staging and production never mix.
const ENV = import.meta.env.VITE_APP_ENV ?? 'staging';
export const TOKEN_KEY = `crm_token_${ENV}`;
export const REFRESH_KEY = `crm_refresh_token_${ENV}`;

export interface SessionUser {
  id: number;
  username: string;
  name: string;
  surname: string;
  roles: RoleName[];
}

type Listener = () => void;
const listeners = new Set<Listener>();

function decode(token: string | null): SessionUser | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as SessionUser;
    return { id: payload.id, username: payload.username, name: payload.name, surname: payload.surname, roles: payload.roles ?? [] };
  } catch {
    return null;
  }
}

let user = decode(localStorage.getItem(TOKEN_KEY));

/** Tokens in local storage and the user they describe; rebuilt from the stored token on load. */
export const tokenStore = {
  token: () => localStorage.getItem(TOKEN_KEY),
  refreshToken: () => localStorage.getItem(REFRESH_KEY),
  user: () => user,
  set(token: string, refreshToken: string) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(REFRESH_KEY, refreshToken);
    user = decode(token);
    listeners.forEach((l) => l());
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
    user = null;
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
