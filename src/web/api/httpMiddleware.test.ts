import type { Middleware } from 'openapi-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeredBy, httpMiddleware, type SessionHooks } from './httpMiddleware.ts';
import { loadingBar } from './loadingBar.ts';

/** A session that records what the HTTP layer told it. */
function fakeSession(over: Partial<SessionHooks> = {}) {
  const told: string[] = [];
  const hooks: SessionHooks = {
    getToken: () => 'vecchio',
    canRefresh: () => true,
    isSigningIn: () => false,
    refresh: vi.fn(() => Promise.resolve('nuovo')),
    onUnauthorized: () => void told.push('unauthorized'),
    onForbidden: () => void told.push('forbidden'),
    onLocked: (m) => void told.push(`locked: ${m}`),
    onNetworkError: () => void told.push('network'),
    onError: (m) => void told.push(`error: ${m}`),
    ...over,
  };
  return { hooks, told };
}

let seq = 0;
async function call(mw: Middleware, status: number, body: unknown, path = '/api/agents') {
  const id = String(++seq);
  const request = new Request(`http://127.0.0.1:9${path}`);
  const args = { request, id, schemaPath: path, params: {}, options: {} } as never;
  const sent = (await mw.onRequest?.(args)) as Request;
  const response = new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  const answer = (await mw.onResponse?.({ ...(args as object), request: sent, response } as never)) as Response;
  return { sent, answer };
}

afterEach(() => {
  vi.unstubAllGlobals();
  loadingBar.reset();
});

describe('httpMiddleware: the error catalogue over HTTP, the session behind hooks', () => {
  it('sends the session token as bearer and counts the call on the loading bar until it answers', async () => {
    const mw = httpMiddleware(fakeSession().hooks);
    const id = 'x';
    const request = new Request('http://127.0.0.1:9/api/agents');
    const sent = (await mw.onRequest?.({ request, id, schemaPath: '', params: {}, options: {} } as never)) as Request;
    expect(sent.headers.get('Authorization')).toBe('Bearer vecchio');
    expect(loadingBar.pending()).toBe(1);
    await mw.onResponse?.({ request: sent, id, response: new Response('{}') } as never);
    expect(loadingBar.pending()).toBe(0);
  });

  it.each<[string, number, unknown, string[]]>([
    ['a success says nothing', 200, { data: [] }, []],
    ['403 ends the session', 403, { message: 'Non Autorizzato' }, ['forbidden']],
    ['423 ends it with the server message', 423, { message: 'Utente non attivo' }, ['locked: Utente non attivo']],
    ['another error shows its message', 409, { message: 'Record modificato' }, ['error: Record modificato']],
    ['an error without a message says so (the session picks the words)', 500, 'non JSON', ['error: null']],
  ])('%s', async (_name, status, body, want) => {
    const { hooks, told } = fakeSession();
    await call(httpMiddleware(hooks), status, body);
    expect(told).toEqual(want);
  });

  it('the sign-in calls answer for themselves', async () => {
    const { hooks, told } = fakeSession();
    await call(httpMiddleware(hooks), 401, { message: 'Username e/o password non validi' }, '/login_check');
    await call(httpMiddleware(hooks), 500, { message: 'x' }, '/token/refresh');
    expect(told).toEqual([]);
  });

  it('a status the caller answers itself (a page showing "not found") is not notified; others still are', async () => {
    const { hooks, told } = fakeSession();
    const mw = httpMiddleware(hooks);
    const quiet = answeredBy([404]);
    for (const [status, message] of [
      [404, 'Risorsa non trovata'],
      [500, 'Errore Generico'],
    ] as const) {
      const request = new Request('http://127.0.0.1:9/api/customers/999');
      const args = { request, id: `q${status}`, schemaPath: '', params: {}, options: {} } as never;
      const sent = (await mw.onRequest?.(args)) as Request;
      await quiet.onRequest?.({ ...(args as object), request: sent } as never);
      const response = new Response(JSON.stringify({ message }), { status });
      await mw.onResponse?.({ ...(args as object), request: sent, response } as never);
    }
    expect(told).toEqual(['error: Errore Generico']);
  });

  it('a network failure warns and empties the loading bar', async () => {
    const { hooks, told } = fakeSession();
    const mw = httpMiddleware(hooks);
    loadingBar.start();
    await mw.onError?.({ id: 'z', error: new TypeError('Failed to fetch') } as never);
    expect(told).toEqual(['network']);
    expect(loadingBar.pending()).toBe(0);
  });

  it('a call the app gave up warns of nothing, and leaves the bar to the calls still under way', async () => {
    const { hooks, told } = fakeSession();
    const mw = httpMiddleware(hooks);
    loadingBar.reset();
    loadingBar.start();
    loadingBar.start();
    const controller = new AbortController();
    controller.abort();
    const request = new Request('http://localhost/api/nations', { signal: controller.signal });
    await mw.onError?.({ id: 'a', request, error: new DOMException('aborted', 'AbortError') } as never);
    expect(told).toEqual([]);
    expect(loadingBar.pending()).toBe(1);
    await mw.onError?.({ id: 'b', error: new DOMException('The user aborted a request.', 'AbortError') } as never);
    expect(told).toEqual([]);
    expect(loadingBar.pending()).toBe(0);
  });

  it('401 with an expired token: one refresh, then the call again with the new token', async () => {
    const retried: string[] = [];
    vi.stubGlobal('fetch', (r: Request) => {
      retried.push(r.headers.get('Authorization') ?? '');
      return Promise.resolve(new Response('{"data":[]}', { status: 200 }));
    });
    const { hooks, told } = fakeSession();
    const { answer } = await call(httpMiddleware(hooks), 401, { message: 'Token scaduto' });
    expect(answer.status).toBe(200);
    expect(retried).toEqual(['Bearer nuovo']);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(told).toEqual([]);
  });

  it('401 with an expired token, then the network fails on the call again: a warning, the session stands', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { hooks, told } = fakeSession();
    const { answer } = await call(httpMiddleware(hooks), 401, { message: 'Token scaduto' });
    expect(answer.status).toBe(401);
    expect(told).toEqual(['network']);
  });

  it('401 with an expired token, then the app gives the call up during its retry: no warning', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', () => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    const { hooks, told } = fakeSession();
    const mw = httpMiddleware(hooks);
    const request = new Request('http://127.0.0.1:9/api/nations', { signal: controller.signal });
    const args = { request, id: String(++seq), schemaPath: '/api/nations', params: {}, options: {} } as never;
    const sent = (await mw.onRequest?.(args)) as Request;
    const response = new Response('{"message":"Token scaduto"}', { status: 401 });
    await mw.onResponse?.({ ...(args as object), request: sent, response } as never);
    expect(told).toEqual([]);
  });

  it.each<[string, number, string[]]>([
    ['refused: the session ends', 403, ['forbidden']],
    ['in error: its message', 409, ['error: Record modificato']],
    ['answered for the caller: nothing', 404, []],
  ])('401 with an expired token, then the call again is %s', async (_name, status, want) => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"message":"Record modificato"}', { status })));
    const { hooks, told } = fakeSession();
    const mw = httpMiddleware(hooks);
    const id = String(++seq);
    const request = new Request('http://127.0.0.1:9/api/users');
    const args = { request, id, schemaPath: '/api/users', params: {}, options: {} } as never;
    await answeredBy([404]).onRequest?.(args);
    const sent = (await mw.onRequest?.(args)) as Request;
    const response = new Response('{"message":"Token scaduto"}', { status: 401 });
    const answer = (await mw.onResponse?.({ ...(args as object), request: sent, response } as never)) as Response;
    expect(answer.status).toBe(status);
    expect(told).toEqual(want);
  });

  it.each<[string, Partial<SessionHooks>, unknown, string[]]>([
    ['no refresh token: the session ends at once', { canRefresh: () => false }, { message: 'Token scaduto' }, []],
    [
      'while signing in, a 401 that is not an expiry: its message, then the end',
      { isSigningIn: () => true },
      { message: 'Token non valido' },
      ['error: Token non valido'],
    ],
    [
      'the refresh fails: the session ends',
      { refresh: () => Promise.reject(new Error('refresh failed: 401')) },
      { message: 'Token scaduto' },
      [],
    ],
  ])('%s', async (_name, over, body, before) => {
    const { hooks, told } = fakeSession(over);
    const { answer } = await call(httpMiddleware(hooks), 401, body);
    expect(answer.status).toBe(401);
    expect(told).toEqual([...before, 'unauthorized']);
  });
});
