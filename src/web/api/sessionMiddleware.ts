import type { Middleware } from 'openapi-fetch';
import { createRefreshCoordinator, RefreshCancelled } from '../../domain/refreshCoordinator.ts';
import { goTo, goToLogin } from '../app/navigation.ts';
import { messages } from '../app/messages.ts';
import { sessionState } from '../session/sessionState.ts';
import { tokenStore } from '../session/tokenStore.ts';
import { notify } from '../ui/notificationBus.ts';
import { loadingBar } from './loadingBar.ts';

const AUTH_CALLS = ['/login_check', '/token/refresh', '/login-microsoft', '/logout'];
const FORBIDDEN_QUIET_MS = 1000;

let logoutUrl: string | null = null;

/** Best effort: the server revokes the refresh token's whole family; the session ends here whatever it answers. */
export function revokeSession(refreshToken: string | null) {
  if (!refreshToken || logoutUrl === null) return;
  fetch(logoutUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
    keepalive: true,
  }).catch(() => undefined);
}

/** Ends the session and goes to the login page; after an expiry the login returns where the user was. */
export function logout(rememberPath = true) {
  revokeSession(tokenStore.refreshToken());
  sessionState.set('unauthenticated');
  if (!rememberPath) sessionState.markLoggedOut();
  tokenStore.clear();
  void (rememberPath ? goToLogin() : goTo('/login', { replace: true }));
}

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

const messageOf = async (response: Response) => {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : messages.genericError;
  } catch {
    return messages.genericError;
  }
};

/**
 * The error catalogue of SPEC.md section 8, applied to every call of the typed client:
 * the bearer token, the loading bar, one refresh for any number of 401s (the others wait and are
 * retried), 403 and 423 end the session, a network failure warns, any other error shows its message.
 */
export function sessionMiddleware(baseUrl: string): Middleware {
  logoutUrl = `${baseUrl}/logout`;
  const coordinator = createRefreshCoordinator(() => refreshTokens(baseUrl));
  const originals = new Map<string, { request: Request; token: string | null }>();
  let lastForbidden = 0;

  return {
    onRequest({ request, id }) {
      loadingBar.start();
      const token = tokenStore.token();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      // Kept to send again after a refresh: the body of the sent request is used up.
      originals.set(id, { request: request.clone(), token });
      return request;
    },
    async onResponse({ request, response, id }) {
      const original = originals.get(id);
      originals.delete(id);
      loadingBar.done();
      if (response.ok) return response;
      const path = new URL(request.url).pathname;
      if (AUTH_CALLS.includes(path)) return response;

      if (response.status === 401) {
        const message = await messageOf(response);
        const busy = sessionState.get() === 'authenticating' || coordinator.isRefreshing();
        if (busy && message !== messages.tokenExpired) {
          notify.error(message);
          logout();
          return response;
        }
        if (!tokenStore.refreshToken() && !coordinator.isRefreshing()) {
          logout();
          return response;
        }
        try {
          // Sent with a token that has been replaced since: only the retry is needed, not another refresh.
          const current = tokenStore.token();
          const token =
            original && current && original.token !== current && !coordinator.isRefreshing()
              ? current
              : await coordinator.refresh();
          const retry = original?.request ?? request;
          retry.headers.set('Authorization', `Bearer ${token}`);
          return await fetch(retry);
        } catch (err) {
          if (!(err instanceof RefreshCancelled)) logout();
          return response;
        }
      }
      if (response.status === 403) {
        const now = Date.now();
        if (now - lastForbidden > FORBIDDEN_QUIET_MS) {
          lastForbidden = now;
          logout(false);
        }
        return response;
      }
      if (response.status === 423) {
        coordinator.cancel();
        notify.error(await messageOf(response));
        logout();
        return response;
      }
      notify.error(await messageOf(response));
      return response;
    },
    onError({ id }) {
      originals.delete(id);
      loadingBar.reset();
      notify.warning(messages.networkError);
    },
  };
}
