import type { components } from '../../../generated/api.ts';

export type ApiErrorBody = components['schemas']['Error'];

/** A failed call: its status and the server's Italian message and field violations. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function toApiError(status: number, body: unknown): ApiError {
  const b = (
    body && typeof body === 'object' && 'message' in body ? body : { message: 'Errore Generico' }
  ) as ApiErrorBody;
  return new ApiError(status, b);
}

/** The data of a typed client call, or its failure as an ApiError. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}
