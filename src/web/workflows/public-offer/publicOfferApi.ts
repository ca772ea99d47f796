import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../../../generated/api.ts';
import { apiBaseUrl } from '../../api/client.ts';
import { toApiError } from '../../api/apiError.ts';

export type PublicOffer = components['schemas']['PublicOffer'];
export type PublicOfferOption = components['schemas']['PublicOfferOption'];
export type ConfirmOffer = components['schemas']['ConfirmOffer'];

/**
 * The calls of the customer's page, with a token of its own: never the staff session's, which this page
 * does not have. The token comes from the link's code and is asked for again when it expires (30 minutes).
 */
export function publicOfferApi(code: string) {
  let token: string | null = null;
  const client = createClient<paths>({ baseUrl: apiBaseUrl });
  const auth: Middleware = {
    onRequest({ request }) {
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(auth);

  async function signIn() {
    const { data, error, response } = await client.GET('/public/login-api-from-client', {
      params: { query: { code } },
    });
    if (!data) throw toApiError(response.status, error);
    token = data.data.token;
  }

  /** A call with the page's token: signed in first, and once more if the token has expired. */
  async function call<T>(run: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    if (!token) await signIn();
    let result = await run();
    if (result.response.status === 401) {
      await signIn();
      result = await run();
    }
    if (!result.response.ok || result.data === undefined) throw toApiError(result.response.status, result.error);
    return result.data;
  }
  const id = { params: { path: { id: code } } };

  return {
    read: async () => (await call(() => client.GET('/api/trattative-cp/{id}', id))).data,
    viewed: () => call(() => client.PUT('/api/trattative-cp/bozza-visualizzata/{id}', id)),
    answer: (body: ConfirmOffer) => call(() => client.PUT('/api/trattative-cp/confirm-offer/{id}', { ...id, body })),
    requestNew: () => call(() => client.POST('/api/trattative-cp/richiedi-nuova-offerta/{id}', id)),
    // Files come from the server itself, as the staff's downloads do.
    signedPdf: (): Promise<Blob> =>
      call(() =>
        client.GET('/api/trattative-cp/{id}/offerta-firmata', {
          ...id,
          baseUrl: window.location.origin,
          parseAs: 'blob',
        }),
      ),
  };
}
export type PublicOfferApi = ReturnType<typeof publicOfferApi>;
