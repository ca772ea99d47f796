import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceIndex } from '../../../generated/resourceIndex.ts';
import type { ListState } from '../api/listQuery.ts';
import { cellText } from '../fields/cellText.ts';
import { layoutOfList } from './listLayout.ts';
import { readListState } from './listState.ts';
import { estimateTextWidth } from './textWidth.ts';

// The list's calls, counted; the session's token, switchable.
const list = vi.fn();
vi.mock('../api/resourceApi.ts', () => ({ resourceApi: { list: (...args: unknown[]) => list(...args) } }));
let token: string | null = 'a.b.c';
vi.mock('../session/tokenStore.ts', () => ({
  tokenStore: { token: () => token, user: () => ({ username: 'admin' }) },
}));
// The picture is the DOM's (tried in the browser suite, shell.spec.ts); here, what it is given to draw.
const erase = vi.fn();
const draw = vi.fn((_frame: unknown) => erase);
vi.mock('./firstFramePicture.ts', () => ({ drawFirstFrame: (frame: unknown) => draw(frame) }));
// The app's files the page names (appPreloads.ts, the DOM's: tried in the browser suite, shell.spec.ts).
const preloadApp = vi.fn();
vi.mock('./appPreloads.ts', () => ({ preloadApp: () => preloadApp() }));

const ROUTE = '/contactCenter/report-calls';
const SEARCH = '?f.callDate=2025-03-14&size=50';
const page = (n: number) => ({ data: [{ id: n }], totalRows: 1 });
const def = await resourceIndex.reportCall.load();
const state: ListState = readListState(def, new URLSearchParams(SEARCH));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fresh module each time: the preload is a one-time slot of the page's life. */
const load = async () => {
  vi.resetModules();
  return import('./listPreload.ts');
};

beforeEach(() => {
  list.mockReset();
  preloadApp.mockReset();
  draw.mockClear();
  erase.mockClear();
  token = 'a.b.c';
});

describe('the list call started with the page', () => {
  it('is the list’s own call (same state from the URL), and the list takes it instead of calling again', async () => {
    const m = await load();
    list.mockResolvedValueOnce(page(1));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    expect(list).toHaveBeenCalledTimes(1);
    expect(list.mock.calls[0]?.[1]).toEqual(state);
    expect(await m.fetchListPage(def, state)).toEqual(page(1));
    expect(list).toHaveBeenCalledTimes(1);
    // Taken once: the next load of the same list is a new call.
    list.mockResolvedValueOnce(page(2));
    expect(await m.fetchListPage(def, state)).toEqual(page(2));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('gives the first frame its rows once arrived, once', async () => {
    const m = await load();
    list.mockResolvedValueOnce(page(1));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    await settle();
    expect(m.arrivedListPage(def, { ...state, page: 2 })).toBeUndefined();
    expect(m.arrivedListPage(def, state)).toEqual(page(1));
    expect(m.arrivedListPage(def, state)).toBeUndefined();
  });

  it('draws the rows in the first frame, as text in the list’s columns, and only then lets the app load', async () => {
    const m = await load();
    const { firstFrame } = await import('./firstFrame.ts');
    firstFrame.expect(60_000);
    let appMayLoad = false;
    void firstFrame.ready().then(() => (appMayLoad = true));
    list.mockResolvedValueOnce({
      data: [{ id: 7, callDateTime: '2025-03-14T09:30:00.000Z', talkDuration: 75 }],
      totalRows: 1,
    });
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    const frame = firstFrame.get();
    expect(draw).toHaveBeenCalledExactlyOnceWith(frame);
    expect(frame?.path).toBe(ROUTE);
    expect(frame?.title).toBe(def.label);
    expect(frame?.columns.map((c) => c.header)).toEqual(def.columns.map((c) => c.header));
    const cells = frame?.rows[0]?.cells ?? [];
    const at = (field: string) => cells[def.columns.findIndex((c) => c.accessorKey === field)];
    expect(frame?.rows[0]?.id).toBe('7');
    expect(at('callDateTime')).toMatch(/^14-03-2025 \d{2}:30$/);
    expect(at('talkDuration')).toBe('01:15');
    // The columns the table will show, at the widths it will give them: its own layout of the same rows.
    const rows = [{ id: 7, callDateTime: '2025-03-14T09:30:00.000Z', talkDuration: 75 }];
    for (const width of [1097, 681, 336])
      expect(frame?.layout(width)).toEqual(
        layoutOfList(def, { width, buttons: 0, visibility: {}, rows, text: cellText }, estimateTextWidth),
      );
    await settle();
    expect(appMayLoad).toBe(false);
    firstFrame.done();
    await settle();
    expect(appMayLoad).toBe(true);
    // The app's first screen is another address: the picture goes at once; this one: when the app is there.
    firstFrame.keepOn('/contactCenter/calls');
    expect(erase).toHaveBeenCalledTimes(1);
  });

  it('keeps the picture on screen until the app takes its place at the same address', async () => {
    const m = await load();
    const { firstFrame } = await import('./firstFrame.ts');
    list.mockResolvedValueOnce(page(1));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    const takeAway = firstFrame.keepOn(ROUTE);
    expect(erase).not.toHaveBeenCalled();
    // React's StrictMode (development) unmounts and mounts again at once: the picture stays.
    takeAway();
    const takeAwayAgain = firstFrame.keepOn(ROUTE);
    await settle();
    expect(erase).not.toHaveBeenCalled();
    takeAwayAgain();
    takeAwayAgain();
    await settle();
    expect(erase).toHaveBeenCalledTimes(1);
  });

  it('does not draw rows that arrive once the app may render: the list shows them', async () => {
    let m = await load();
    let { firstFrame } = await import('./firstFrame.ts');
    firstFrame.expect(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    list.mockResolvedValueOnce(page(1));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    expect(draw).not.toHaveBeenCalled();
    expect(m.arrivedListPage(def, state)).toEqual(page(1));

    m = await load();
    ({ firstFrame } = await import('./firstFrame.ts'));
    firstFrame.expect(60_000);
    let answer: (p: unknown) => void = () => undefined;
    list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const preloading = m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    // The app came without it (the loading screen gone), then the rows.
    firstFrame.keepOn(ROUTE)();
    answer(page(1));
    await preloading;
    expect(draw).not.toHaveBeenCalled();
  });

  it('takes the picture away when the app goes to another address before it is there', async () => {
    const m = await load();
    const { firstFrame } = await import('./firstFrame.ts');
    list.mockResolvedValueOnce(page(1));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    firstFrame.leftFor(ROUTE);
    expect(erase).not.toHaveBeenCalled();
    firstFrame.leftFor('/login');
    expect(erase).toHaveBeenCalledTimes(1);
  });

  it('lets the app load at once when there is no list to draw first', async () => {
    const m = await load();
    const { firstFrame } = await import('./firstFrame.ts');
    firstFrame.expect(60_000);
    let appMayLoad = false;
    void firstFrame.ready().then(() => (appMayLoad = true));
    await m.preloadList('/profile', '', ['ROLE_ADMIN']);
    await settle();
    expect(appMayLoad).toBe(true);
  });

  it('asks for the app’s files once the rows are drawn, not before: they would hold the call and the picture back', async () => {
    const m = await load();
    const order: string[] = [];
    list.mockImplementationOnce(() => (order.push('call'), Promise.resolve(page(1))));
    draw.mockImplementationOnce(() => (order.push('picture'), erase));
    preloadApp.mockImplementation(() => order.push('app'));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    expect(order).toEqual(['call', 'picture', 'app']);
  });

  it('asks for them once the call failed', async () => {
    const m = await load();
    list.mockRejectedValueOnce(new Error('500'));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    expect(draw).not.toHaveBeenCalled();
    expect(preloadApp).toHaveBeenCalledTimes(1);
  });

  it('asks for the app’s files at once when no call is sent', async () => {
    for (const [path, roles] of [
      [ROUTE, ['ROLE_AGENTE']],
      ['/profile', ['ROLE_ADMIN']],
    ] as const) {
      const m = await load();
      preloadApp.mockReset();
      await m.preloadList(path, '', roles);
      expect(preloadApp).toHaveBeenCalledTimes(1);
    }
    expect(list).not.toHaveBeenCalled();
  });

  it('is not sent for a screen the user may not open, nor for a path that is no list', async () => {
    const m = await load();
    await m.preloadList(ROUTE, SEARCH, ['ROLE_AGENTE']);
    await m.preloadList('/profile', '', ['ROLE_ADMIN']);
    expect(list).not.toHaveBeenCalled();
  });

  it('is dropped when another list shows first, and not sent once a list has shown', async () => {
    const m = await load();
    list.mockResolvedValue(page(1));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    await m.fetchListPage(def, { ...state, page: 3 });
    await m.fetchListPage(def, state);
    expect(list).toHaveBeenCalledTimes(3);
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('failed while the session stands: the list asks again; the session ended: it does not', async () => {
    let m = await load();
    list.mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce(page(2));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    expect(await m.fetchListPage(def, state)).toEqual(page(2));
    expect(list).toHaveBeenCalledTimes(2);

    m = await load();
    list.mockReset().mockRejectedValueOnce(new Error('401'));
    await m.preloadList(ROUTE, SEARCH, ['ROLE_ADMIN']);
    token = null;
    await expect(m.fetchListPage(def, state)).rejects.toThrow('401');
    expect(list).toHaveBeenCalledTimes(1);
  });
});
