import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceIndex } from '../../../generated/resourceIndex.ts';

// The calls the generic screens make, as they leave the client.
const calls: { method: string; path: string; query: Record<string, unknown> | undefined }[] = [];
const answer = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) });
vi.mock('./client.ts', () => ({
  api: Object.fromEntries(
    ['GET', 'POST', 'PUT', 'DELETE'].map((method) => [
      method,
      (path: string, init?: { params?: { query?: Record<string, unknown> } }) => {
        calls.push({ method, path, query: init?.params?.query });
        return Promise.resolve(
          answer(path.endsWith('{id}') ? { data: { id: 7, name: 'Luca Verdi' } } : { data: [], totalRows: 0 }),
        );
      },
    ]),
  ),
}));
const { resourceApi } = await import('./resourceApi.ts');

beforeEach(() => {
  calls.length = 0;
});

const state = { filters: {}, sortBy: null, descending: false, page: 1, rowsPerPage: 50 };

describe('a list call', () => {
  it('asks for the fields its list shows and its workflow reads (listFields), never the whole rows', async () => {
    const def = await resourceIndex.trattativaCp.load();
    await resourceApi.list(def, state);
    expect(calls[0]?.query?.fields).toBe(def.listFields.join(','));
    expect(def.listFields).toContain('statoTrattativaId');
    expect(def.listFields).not.toContain('email');
  });

  it('a record read for its form is whole: no fields', async () => {
    const def = await resourceIndex.agent.load();
    expect(await resourceApi.current(def, 7)).toEqual({ id: 7, name: 'Luca Verdi' });
    expect(calls).toEqual([{ method: 'GET', path: '/api/agents/{id}', query: undefined }]);
  });
});
