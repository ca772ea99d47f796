import { api, apiBaseUrl } from '../api/client.ts';
import { httpMiddleware, type SessionHooks } from '../api/httpMiddleware.ts';
import { messages } from '../i18n/messages.ts';
import { notify } from '../ui/notificationBus.ts';
import { finishMicrosoftLogin } from './microsoft.ts';
import { goTo, goToLogin } from './navigation.ts';
import { sessionState } from './sessionState.ts';
import { tokenStore } from './tokenStore.ts';

const m = messages.login;

/**
 * The session: signing in and out, refreshing the tokens, working as another user. The one place that
 * changes the stored tokens and the session state (SPEC.md section 4); the HTTP layer reaches it through
 * the hooks of `sessionMiddleware`.
 */
export const authProvider = {
  /** Username and password; null when signed in, else the Italian reason to show. */
  async login(username: string, password: string): Promise<string | null> {
    sessionState.set('authenticating');
    try {
      const { data, error, response } = await api.POST('/login_check', { body: { username, password } });
      if (data) {
        tokenStore.set(data.token, data.refresh_token);
        sessionState.set('authenticated');
        return null;
      }
      sessionState.set('notAuthenticated');
      return error?.message === m.inactive ? m.inactive : response.status === 429 ? m.tooMany : m.failed;
    } catch {
      sessionState.set('notAuthenticated');
      return messages.networkError;
    }
  },

  /** Back from Microsoft on /auth/callback: where to go, or null when Microsoft sent nothing; throws the reason. */
  async completeMicrosoftLogin(): Promise<string | null> {
    sessionState.set('authenticating');
    try {
      const result = await finishMicrosoftLogin();
      if (!result) return null;
      const { data, error } = await api.POST('/login-microsoft', { body: { accessToken: result.accessToken } });
      if (!data) throw new Error(error?.message ?? m.failed);
      tokenStore.set(data.token, data.refresh_token);
      sessionState.set('authenticated');
      return result.redirect;
    } catch (err) {
      sessionState.set('notAuthenticated');
      throw err;
    }
  },

  /**
   * Ends the session and goes to the login page. After an expiry (`rememberPath`) the login returns
   * where the user was; after "Esci" it does not.
   */
  logout(rememberPath = true): void {
    revokeSession(tokenStore.refreshToken());
    sessionState.set('unauthenticated');
    if (!rememberPath) sessionState.markLoggedOut();
    tokenStore.clear();
    void (rememberPath ? goToLogin() : goTo('/login', { replace: true }));
  },

  /** A super admin works as another user with the tokens the server issued for it. */
  impersonate(token: string, refreshToken: string): void {
    tokenStore.impersonate(token, refreshToken);
  },

  /** Back to the super admin's own session; without one aside, the session ends. False then. */
  endImpersonation(): boolean {
    const impersonation = tokenStore.refreshToken();
    if (tokenStore.endImpersonation()) {
      revokeSession(impersonation);
      return true;
    }
    authProvider.logout(false);
    return false;
  },
};

/** Best effort: the server revokes the refresh token's whole family; the session ends here whatever it answers. */
function revokeSession(refreshToken: string | null) {
  if (!refreshToken) return;
  fetch(`${apiBaseUrl}/logout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
    keepalive: true,
  }).catch(() => undefined);
}

/** A new access token from the refresh token (the refresh token is replaced too). */
async function refreshTokens(baseUrl: string): Promise<string> {
  const refreshToken = tokenStore.refreshToken();
  if (!refreshToken) throw new Error('no refresh token');
  const res = await fetch(`${baseUrl}/token/refresh`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  if (!res.ok) throw new Error(`refresh failed: ${res.status}`);
  const { token, refresh_token } = (await res.json()) as { token: string; refresh_token: string };
  tokenStore.set(token, refresh_token);
  return token;
}

/** What the session does with each outcome of a call (SPEC.md section 8). */
export function sessionHooks(baseUrl: string): SessionHooks {
  return {
    getToken: () => tokenStore.token(),
    canRefresh: () => !!tokenStore.refreshToken(),
    isSigningIn: () => sessionState.get() === 'authenticating',
    refresh: () => refreshTokens(baseUrl),
    onUnauthorized: () => authProvider.logout(),
    onForbidden: () => authProvider.logout(false),
    onLocked(message) {
      notify.error(message ?? messages.genericError);
      authProvider.logout();
    },
    onNetworkError: () => notify.warning(messages.networkError),
    onError: (message) => notify.error(message ?? messages.genericError),
  };
}

/** The middleware of the typed client, tied to this session. */
export const sessionMiddleware = (baseUrl: string) => httpMiddleware(sessionHooks(baseUrl));
