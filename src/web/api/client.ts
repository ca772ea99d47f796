import createClient from 'openapi-fetch';
import type { paths } from '../../../generated/api.ts';

/**
 * The one typed client of the API: paths, parameters, bodies and responses all
 * come from openapi.yaml through generated/api.ts. Middleware (token, refresh
 * queue, errors, loading bar) is added to it by the session.
 */
export const api = createClient<paths>({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  querySerializer: { object: { style: 'deepObject', explode: true }, array: { style: 'form', explode: true } },
});

export type Api = typeof api;
