import { QueryClient, QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayFormats } from '../../domain/displayFormats.ts';
import type { ListPage, PickQuery, Row } from '../api/resourceApi.ts';
import {
  createDebouncer,
  PICKER_DEBOUNCE_MS,
  pickerQuery,
  recentPicks,
  toOption,
  type PickerAnswer,
  type PickerSource,
} from './pickerSearch.ts';

const rows = (...names: string[]): Row[] => names.map((n, i) => ({ id: i + 1, companyName: n, code: `C${i + 1}` }));

/** A source whose calls wait until the test answers them, each with the signal it was given. */
function controlledSource() {
  const calls: { query: PickQuery; signal: AbortSignal; answer(page: ListPage): void }[] = [];
  const source: PickerSource = {
    resource: 'cliente',
    displayField: 'companyName',
    search: ['code', 'companyName', 'phone'],
    sort: { field: 'companyName', descending: false },
    fetchPage: (query, signal) => new Promise<ListPage>((resolve) => calls.push({ query, signal, answer: resolve })),
  };
  return { source, calls };
}

describe('the picker waits for typing to settle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once, 150 ms after the last key, with the last text', () => {
    const settled: string[] = [];
    const debouncer = createDebouncer<string>(PICKER_DEBOUNCE_MS, (v) => settled.push(v));
    debouncer.push('c');
    vi.advanceTimersByTime(50);
    debouncer.push('co');
    vi.advanceTimersByTime(100);
    debouncer.push('cos');
    vi.advanceTimersByTime(PICKER_DEBOUNCE_MS - 1);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual(['cos']);
    vi.advanceTimersByTime(1000);
    expect(settled).toEqual(['cos']);
  });

  it('asks nothing once cancelled (the picker closed or left)', () => {
    const settled: string[] = [];
    const debouncer = createDebouncer<string>(PICKER_DEBOUNCE_MS, (v) => settled.push(v));
    debouncer.push('fer');
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(settled).toEqual([]);
  });
});

describe('the picker shows only the latest answer, and the previous one until it comes', () => {
  it('cancels the call of an older text, keeps the last list on screen meanwhile, never shows a late answer', async () => {
    const { source, calls } = controlledSource();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver<PickerAnswer>(client, pickerQuery(source, 'co', []));
    const seen: QueryObserverResult<PickerAnswer>[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r));
    const current = () => observer.getCurrentResult();
    const labels = () => current().data?.options.map((o) => o.label);

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.query).toEqual({ q: 'co', page: 1, rowsPerPage: 8 });
    calls[0]?.answer({ data: rows('Costruzioni Ferrari', 'Cose Edili'), totalRows: 2 });
    await vi.waitFor(() => expect(labels()).toEqual(['Costruzioni Ferrari', 'Cose Edili']));

    observer.setOptions(pickerQuery(source, 'cos', []));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // While "cos" is on its way, the list of "co" stays, marked as the previous one.
    expect(current().isPlaceholderData).toBe(true);
    expect(labels()).toEqual(['Costruzioni Ferrari', 'Cose Edili']);

    observer.setOptions(pickerQuery(source, 'cost', []));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    // The call of "cos", no longer wanted, has been cancelled.
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(calls[2]?.signal.aborted).toBe(false);

    // Its answer arriving late changes nothing on screen.
    calls[1]?.answer({ data: rows('Cose Edili'), totalRows: 1 });
    await new Promise((r) => setTimeout(r, 10));
    expect(labels()).toEqual(['Costruzioni Ferrari', 'Cose Edili']);

    calls[2]?.answer({ data: rows('Costruzioni Ferrari'), totalRows: 1 });
    await vi.waitFor(() => expect(labels()).toEqual(['Costruzioni Ferrari']));
    expect(current().isPlaceholderData).toBe(false);
    // No moment showed an empty list between the answers.
    expect(seen.filter((r) => r.data !== undefined).every((r) => (r.data?.options.length ?? 0) > 0)).toBe(true);
    unsubscribe();
    client.clear();
  });
});

describe('what the empty box shows', () => {
  const run = async (source: PickerSource, recent: number[]) =>
    pickerQuery(source, '  ', recent).queryFn({ signal: new AbortController().signal });

  it("this user's last choices first, in the order chosen, then the newest records", async () => {
    const { source, calls } = controlledSource();
    const answer = run(source, [7, 3, 99]);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.query).toEqual({ ids: [7, 3, 99], page: 1, rowsPerPage: 3 });
    expect(calls[1]?.query).toEqual({ page: 1, rowsPerPage: 8, sortBy: 'id', descending: 1 });
    // 99 no longer exists (or may not be read): it is left out.
    calls[0]?.answer({
      data: [
        { id: 3, companyName: 'Impresa Rota', code: 'C3' },
        { id: 7, companyName: 'Scavi Garda', code: 'C7' },
      ],
      totalRows: 2,
    });
    calls[1]?.answer({
      data: Array.from({ length: 8 }, (_, i) => ({ id: 100 - i, companyName: `Nuovo ${100 - i}` })).concat([]),
      totalRows: 100_000,
    });
    const { options, more } = await answer;
    expect(options.map((o) => [o.id, o.group])).toEqual([
      [7, 'recent'],
      [3, 'recent'],
      [100, 'latest'],
      [99, 'latest'],
      [98, 'latest'],
      [97, 'latest'],
      [96, 'latest'],
      [95, 'latest'],
    ]);
    expect(more).toBe(true);
  });

  it('a small table whole, in its own order, and no "Cerca altro…"', async () => {
    const { source, calls } = controlledSource();
    const answer = run(source, []);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.answer({ data: rows('Vinta', 'Nuova', 'Persa').reverse(), totalRows: 3 });
    const { options, more } = await answer;
    expect(options.map((o) => o.label)).toEqual(['Nuova', 'Persa', 'Vinta']);
    expect(more).toBe(false);
  });
});

describe('options and recent choices', () => {
  it('shows under the name the other search fields a record has', () => {
    const { source } = controlledSource();
    expect(toOption(source, { id: 4, companyName: 'Scavi Garda', code: 'C004', phone: null }, 'found')).toEqual({
      id: 4,
      label: 'Scavi Garda',
      detail: 'C004',
      group: 'found',
    });
    expect(toOption(source, { id: 5, companyName: '' }, 'found').label).toBe('#5');
  });

  it('reads a phone number under the name as every screen reads it', () => {
    const { source } = controlledSource();
    const row = { id: 6, companyName: 'Edilizia Brambilla', code: 'C006', phone: '02 4567 8901' };
    // The number as the lists, the record and the PDFs read it, not as it was typed.
    expect(displayFormats.phone('02 4567 8901')).toBe('02.4567.8901');
    expect(toOption({ ...source, searchKinds: { phone: 'phone' } }, row, 'found').detail).toBe('C006 · 02.4567.8901');
  });

  it('keeps the last five choices per user and resource, the latest first, each once', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    const mine = recentPicks(storage, 1, 'cliente');
    for (const id of [1, 2, 3, 2, 4, 5, 6]) mine.remember(id);
    expect(mine.read()).toEqual([6, 5, 4, 2, 3]);
    expect(recentPicks(storage, 2, 'cliente').read()).toEqual([]);
    expect(recentPicks(storage, 1, 'agente').read()).toEqual([]);
    store.set('crm.picks.1.cliente', 'not json');
    expect(mine.read()).toEqual([]);
  });
});
