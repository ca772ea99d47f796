import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Middleware } from 'openapi-fetch';

// Just enough of a browser for the middleware: local storage and a location.
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
});
vi.stubGlobal('window', { location: { pathname: '/configurations/fonti', search: '', assign: vi.fn() } });
// The typed client reads where the API is from the page.
vi.stubGlobal('document', { querySelector: () => null });

let mw: Middleware;
const navigations: string[] = [];
const notices: string[] = [];
beforeAll(async () => {
  const { setNavigator } = await import('./navigation.ts');
  const { notificationBus } = await import('../ui/notificationBus.ts');
  const { sessionMiddleware } = await import('./authProvider.ts');
  setNavigator((to) => void navigations.push(to));
  notificationBus.subscribe((n) => n && notices.push(`${n.severity}: ${n.message}`));
  mw = sessionMiddleware('http://127.0.0.1:9');
});
afterEach(() => {
  navigations.length = 0;
  notices.length = 0;
  vi.useRealTimers();
});

let seq = 0;
async function answer(status: number, message: string) {
  const id = String(++seq);
  const request = new Request('http://127.0.0.1:9/api/agents');
  const args = { request, id, schemaPath: '/api/agents', params: {}, options: {} } as never;
  await mw.onRequest?.(args);
  return mw.onResponse?.({
    ...(args as object),
    response: new Response(JSON.stringify({ code: status, message }), { status }),
  } as never);
}

describe('sessionMiddleware (SPEC.md section 8)', () => {
  it('403: logs out and goes to /login once, ignoring repeats within 1 s', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    store.set('crm_token_staging', 'x.e30.y');
    await answer(403, 'Non Autorizzato');
    await answer(403, 'Non Autorizzato');
    vi.setSystemTime(1_000_500);
    await answer(403, 'Non Autorizzato');
    expect(navigations).toEqual(['/login']);
    expect(store.has('crm_token_staging')).toBe(false);
    vi.setSystemTime(1_001_600);
    await answer(403, 'Non Autorizzato');
    expect(navigations).toEqual(['/login', '/login']);
  });

  it('423: shows the server message and logs out, remembering the page', async () => {
    await answer(423, "Utente non attivo. Contattare l'amministratore di sistema");
    expect(notices).toEqual(["error: Utente non attivo. Contattare l'amministratore di sistema"]);
    expect(navigations).toEqual(['/login?redirect=%2Fconfigurations%2Ffonti']);
  });

  it('another error: the server message, no navigation', async () => {
    await answer(409, 'Il record è stato modificato da un altro utente: ricaricare i dati');
    expect(notices).toEqual(['error: Il record è stato modificato da un altro utente: ricaricare i dati']);
    expect(navigations).toEqual([]);
  });

  it('401 without a refresh token: straight to the login page', async () => {
    store.clear();
    await answer(401, 'Token scaduto');
    expect(navigations).toEqual(['/login?redirect=%2Fconfigurations%2Ffonti']);
  });
});
