import { HttpError, MESSAGES } from '../http/httpError.ts';

/** Where a NUL character hides in a request part (a key or a string, at any depth), or null. */
export function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return path || 'body';
    const found = nulPath(v, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text: refused up front as a 400 naming the field,
 * instead of failing in the database.
 */
export function rejectNul(parts: { query: unknown; params: unknown; body: unknown }): void {
  const field = nulPath(parts.body, '') ?? nulPath(parts.query, '') ?? nulPath(parts.params, '');
  if (field !== null) throw new HttpError(400, MESSAGES.invalid, [{ field: field || 'body', message: MESSAGES.nul }]);
}
