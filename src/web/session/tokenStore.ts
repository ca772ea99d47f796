import type { SessionIdentity } from '../../domain/tokenClaims.ts';
import { sessionStorageKeys } from './storageKeys.ts';

const KEYS = sessionStorageKeys(import.meta.env.VITE_APP_ENV);
export const TOKEN_KEY = KEYS.token;
export const REFRESH_KEY = KEYS.refreshToken;
const OWN_TOKEN_KEY = KEYS.ownToken;
const OWN_REFRESH_KEY = KEYS.ownRefreshToken;

/** Who is signed in, as the staff token says (src/domain/tokenClaims.ts). */
export type SessionUser = SessionIdentity;

type Listener = () => void;
const listeners = new Set<Listener>();

function decode(token: string | null): SessionUser | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as SessionUser;
    return {
      id: payload.id,
      username: payload.username,
      name: payload.name,
      surname: payload.surname,
      roles: payload.roles ?? [],
      ...(payload.impersonator
        ? { impersonator: { id: payload.impersonator.id, name: payload.impersonator.name } }
        : {}),
    };
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
  /** Work as another user; the own tokens wait aside until endImpersonation. */
  impersonate(token: string, refreshToken: string) {
    const own = [localStorage.getItem(TOKEN_KEY), localStorage.getItem(REFRESH_KEY)];
    if (!localStorage.getItem(OWN_REFRESH_KEY) && own[0] && own[1]) {
      localStorage.setItem(OWN_TOKEN_KEY, own[0]);
      localStorage.setItem(OWN_REFRESH_KEY, own[1]);
    }
    this.set(token, refreshToken);
  },
  /** Back to the super admin's own session; false when there was none aside. */
  endImpersonation(): boolean {
    const [token, refreshToken] = [localStorage.getItem(OWN_TOKEN_KEY), localStorage.getItem(OWN_REFRESH_KEY)];
    localStorage.removeItem(OWN_TOKEN_KEY);
    localStorage.removeItem(OWN_REFRESH_KEY);
    if (!token || !refreshToken) return false;
    this.set(token, refreshToken);
    return true;
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
    localStorage.removeItem(OWN_TOKEN_KEY);
    localStorage.removeItem(OWN_REFRESH_KEY);
    user = null;
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
