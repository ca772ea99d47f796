import type { FastifyInstance, InjectOptions } from 'fastify';

export type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The demo's loader talks to the app as its users do: each request goes through the route, the guard, the
 * contract's validation and the handler a user's click reaches. A refusal stops the load, naming the call.
 */
export function demoApi(app: FastifyInstance) {
  async function call<T = unknown>(
    headers: Headers | Record<string, string>,
    method: Method,
    url: string,
    payload?: object | FormData,
  ): Promise<T> {
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
    });
    if (res.statusCode >= 300)
      throw new Error(`Dati dimostrativi: ${method} ${url} ha risposto ${res.statusCode}: ${res.body.slice(0, 500)}`);
    return (res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : res.body) as T;
  }

  return {
    call,
    /** Signs a demo user in with the password the seed gave it, as the login page does. */
    async signIn(username: string, password: string): Promise<Headers & { id: number }> {
      const { token } = await call<{ token: string }>({}, 'POST', '/login_check', { username, password });
      const headers = { authorization: `Bearer ${token}` };
      const me = await call<{ data: { id: number } }>(headers, 'GET', '/api/users/me');
      return { ...headers, id: me.data.id };
    },
    /** Every row of an unpaged list, by a field's value. */
    async idsBy<R extends Record<string, unknown>>(
      headers: Headers,
      url: string,
      key: keyof R,
    ): Promise<Map<string, number>> {
      const sep = url.includes('?') ? '&' : '?';
      const { data } = await call<{ data: (R & { id: number })[] }>(headers, 'GET', `${url}${sep}page=0&rowsPerPage=0`);
      return new Map(data.map((r) => [String(r[key]), r.id]));
    },
  };
}

export type DemoApi = ReturnType<typeof demoApi>;

/** A multipart body, as the browser's FormData sends it. */
export function form(parts: Record<string, string | number | boolean | Buffer | [Buffer, string]>): FormData {
  const f = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (Buffer.isBuffer(value)) f.append(name, new Blob([new Uint8Array(value)]), `${name}.png`);
    else if (Array.isArray(value)) f.append(name, new Blob([new Uint8Array(value[0])]), value[1]);
    else f.append(name, String(value));
  }
  return f;
}

/** A real one-page PDF: the customer's request attached to a negotiation, a customer's document. */
export const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
