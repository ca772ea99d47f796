import type { Middleware } from 'openapi-fetch';
import { createRefreshCoordinator, RefreshCancelled } from '../../domain/refreshCoordinator.ts';
import { loadingBar } from './loadingBar.ts';

/** What the HTTP layer needs from the session, and tells it: the session supplies these (session/authProvider.ts). */
export interface SessionHooks {
  /** The access token to send as bearer, if any. */
  getToken(): string | null;
  /** Whether there is anything to refresh the session with (a refresh token). */
  canRefresh(): boolean;
  /** Whether the user is signing in right now: a 401 then is an answer, not an expiry. */
  isSigningIn(): boolean;
  /** A new access token; rejects when the session cannot be refreshed. Run once for any number of 401s. */
  refresh(): Promise<string>;
  /** A 401 no refresh can cure: the session ends. */
  onUnauthorized(): void;
  /** A 403: the session ends (repeats within a second are not reported). */
  onForbidden(): void;
  /** A 423 (the account was deactivated): the session ends, with the server's message. */
  onLocked(message: string | null): void;
  onNetworkError(): void;
  /** Any other failed call, with the server's message. */
  onError(message: string | null): void;
}

// Calls that answer for themselves: their errors are the sign-in page's to show.
const AUTH_CALLS = ['/login_check', '/token/refresh', '/login-microsoft', '/logout'];
// The server's message for an access token that has only expired (src/server/httpError.ts).
const TOKEN_EXPIRED = 'Token scaduto';
const FORBIDDEN_QUIET_MS = 1000;

// Requests whose caller shows certain failures itself (a page showing "not found"), by status.
const answered = new WeakMap<Request, readonly number[]>();

/**
 * A per-call middleware: these statuses are answers the caller shows itself, not errors to notify
 * (`api.GET(path, { params, middleware: [answeredBy([404])] })`). It runs after the session's onRequest,
 * on the same Request object, and the session's onResponse then leaves those statuses alone.
 */
export const answeredBy = (statuses: readonly number[]): Middleware => ({
  onRequest({ request }) {
    answered.set(request, statuses);
  },
});

/** A request as it was sent, kept to send again after a refresh (the body of the sent one is used up). */
type Sent = { request: Request; token: string | null };

const messageOf = async (response: Response): Promise<string | null> => {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
};

/**
 * The error catalogue of SPEC.md section 8, applied to every call of the typed client:
 * the bearer token, the loading bar, one refresh for any number of 401s (the others wait and are
 * retried), 403 and 423 end the session, a network failure warns, any other error shows its message.
 */
export function httpMiddleware(session: SessionHooks): Middleware {
  const coordinator = createRefreshCoordinator(() => session.refresh());
  const originals = new Map<string, Sent>();
  let lastForbidden = 0;

  async function unauthorized(request: Request, response: Response, original: Sent | undefined) {
    const message = await messageOf(response);
    if ((session.isSigningIn() || coordinator.isRefreshing()) && message !== TOKEN_EXPIRED) {
      session.onError(message);
      session.onUnauthorized();
      return response;
    }
    if (!session.canRefresh() && !coordinator.isRefreshing()) {
      session.onUnauthorized();
      return response;
    }
    let token: string;
    try {
      // Sent with a token that has been replaced since: only the retry is needed, not another refresh.
      const current = session.getToken();
      token =
        original && current && original.token !== current && !coordinator.isRefreshing()
          ? current
          : await coordinator.refresh();
    } catch (err) {
      if (!(err instanceof RefreshCancelled)) session.onUnauthorized();
      return response;
    }
    const retry = original?.request ?? request;
    retry.headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetch(retry);
    } catch {
      // The session stands (it has just been renewed): the network failed, and the user is told so, unless the app
      // gave the call up meanwhile.
      if (!retry.signal.aborted) session.onNetworkError();
      return response;
    }
  }

  return {
    onRequest({ request, id }) {
      loadingBar.start();
      const token = session.getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      originals.set(id, { request: request.clone(), token });
      return request;
    },
    async onResponse({ request, response: answer, id }) {
      let response = answer;
      const original = originals.get(id);
      originals.delete(id);
      loadingBar.done();
      if (response.ok) return response;
      if (AUTH_CALLS.includes(new URL(request.url).pathname)) return response;
      if (answered.get(request)?.includes(response.status)) return response;
      if (response.status === 401) {
        // Sent again after a refresh: its answer meets the same catalogue (a 403 still ends the session).
        const again = await unauthorized(request, response, original);
        if (again === response || again.ok || again.status === 401) return again;
        if (answered.get(request)?.includes(again.status)) return again;
        response = again;
      }
      switch (response.status) {
        case 403: {
          const now = Date.now();
          if (now - lastForbidden > FORBIDDEN_QUIET_MS) {
            lastForbidden = now;
            session.onForbidden();
          }
          return response;
        }
        case 423:
          coordinator.cancel();
          session.onLocked(await messageOf(response));
          return response;
        default:
          session.onError(await messageOf(response));
          return response;
      }
    },
    onError({ id, error, request }) {
      originals.delete(id);
      // A call the app itself gave up (a picker's list replaced by its search as the user types, a page left):
      // no failure of the network, and the other calls still under way keep the bar.
      if (request?.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
        loadingBar.done();
        return;
      }
      loadingBar.reset();
      session.onNetworkError();
    },
  };
}
