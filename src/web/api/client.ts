import createClient from 'openapi-fetch';
import type { paths } from '../../../generated/api.ts';

/** The server can tell the app where the API is (e.g. behind the contract proxy in tests). */
const baseUrl =
  document.querySelector<HTMLMetaElement>('meta[name="api-base"]')?.content || import.meta.env.VITE_API_BASE_URL || '';

/**
 * The one typed client of the API: paths, parameters, bodies and responses all
 * come from openapi.yaml through generated/api.ts. The session adds its middleware on start (main.tsx).
 */
export const api = createClient<paths>({
  baseUrl,
  querySerializer: { object: { style: 'deepObject', explode: true }, array: { style: 'form', explode: true } },
});

export type Api = typeof api;
export const apiBaseUrl = baseUrl;
