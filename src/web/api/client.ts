import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../generated/api.ts';
import { tokenStore } from '../session/tokenStore.ts';

/** The server can tell the app where the API is (e.g. behind the contract proxy in tests). */
const baseUrl = document.querySelector<HTMLMetaElement>('meta[name="api-base"]')?.content || import.meta.env.VITE_API_BASE_URL || '';

const bearer: Middleware = {
  onRequest({ request }) {
    const token = tokenStore.token();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

/**
 * The one typed client of the API: paths, parameters, bodies and responses all
 * come from openapi.yaml through generated/api.ts.
 */
export const api = createClient<paths>({
  baseUrl,
  querySerializer: { object: { style: 'deepObject', explode: true }, array: { style: 'form', explode: true } },
});
api.use(bearer);

export type Api = typeof api;
export const apiBaseUrl = baseUrl;
