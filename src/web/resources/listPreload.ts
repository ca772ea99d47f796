import { resourceIndex } from '../../../generated/resourceIndex.ts';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { ListState } from '../api/listQuery.ts';
import { resourceApi, type ListPage } from '../api/resourceApi.ts';
import { pathPermitted } from '../menu.ts';
import { tokenStore } from '../session/tokenStore.ts';
import { preloadApp } from './appPreloads.ts';
import { firstFrame } from './firstFrame.ts';
import { loadDefinition } from './loadDefinition.ts';
import { drawFirstFrame, type FirstFrameData } from './firstFramePicture.ts';
import { rowButtonCount } from './listController.ts';
import { actionsWidth, cellWrap, layoutOfList } from './listLayout.ts';
import { readListState } from './listState.ts';
import { readTablePreferences, tablePreferencesKey } from './tablePreferences.ts';
import { measureText } from './textWidth.ts';

export type { ListPage };

/** The list's query key: the screen's and the preload's, so both name the same call. */
export const listQueryKey = (def: ResourceDefinition, state: ListState) => ['list', def.name, state] as const;

/** One page of a list: the preloaded call when it is this one, else a new call. */
export function fetchListPage(def: ResourceDefinition, state: ListState): Promise<ListPage> {
  const call = () => resourceApi.list(def, state);
  const early = take(listQueryKey(def, state));
  // A failure the session did not end with (a server error, the network) is asked again, now with the
  // screen on to show its message; a refused session has already gone to the login page.
  return early ? early.page.catch((err: unknown) => (tokenStore.token() ? call() : Promise.reject(err))) : call();
}

/** The preloaded page of this list when it has already arrived (taken, as by fetchListPage). */
export function arrivedListPage(def: ResourceDefinition, state: ListState): ListPage | undefined {
  const key = listQueryKey(def, state);
  return preloaded?.key === JSON.stringify(key) && preloaded.arrived ? take(key)?.arrived : undefined;
}

type Preloaded = { key: string; page: Promise<ListPage>; arrived?: ListPage };
let preloaded: Preloaded | null = null;
// Once a list has been shown, a preload still on its way would be a second call nobody takes.
let listShown = false;

/** Used once: the first list shown takes it or, when it is another list, drops it. */
function take(key: readonly unknown[]): Preloaded | undefined {
  const early = preloaded?.key === JSON.stringify(key) ? preloaded : undefined;
  preloaded = null;
  listShown = true;
  return early;
}

/**
 * A list URL opened cold: its call starts now, with the entry script, not once the screen's code has
 * arrived and drawn. The call is the list's own (same state from the URL, same query, same session
 * middleware: an expired token is refreshed, a refused one ends the session as any call would).
 * Nothing is asked for a path the user may not open.
 */
export async function preloadList(pathname: string, search: string, roles: readonly string[]): Promise<void> {
  // The app's files are asked for once the picture is drawn, or at once when there is none: with the page, they held
  // the entry, the call and the picture back by a third (scripts/profileList.ts), and the app, loaded after the
  // picture, was no sooner for them.
  const nothingAsked = () => {
    preloadApp();
    firstFrame.done();
  };
  try {
    const entry = Object.values(resourceIndex).find((r) => r.route === pathname);
    if (!entry?.list || !pathPermitted(pathname, [...roles])) return nothingAsked();
    const def = await loadDefinition(entry);
    if (def.single || !def.api.list || listShown) return nothingAsked();
    const state = readListState(def, new URLSearchParams(search));
    const slot: Preloaded = { key: JSON.stringify(listQueryKey(def, state)), page: resourceApi.list(def, state) };
    preloaded = slot;
    // The cells' formats (phone numbers, dates...) are evaluated while the call is on its way.
    const [page, { cellAlign, cellText }] = await Promise.all([slot.page, import('../fields/cellText.ts')]);
    slot.arrived = page;
    if (listShown) return nothingAsked();
    // Text cells, and references by the names the page carries: chips and colours draw with the app.
    const buttons = rowButtonCount(def, roles);
    const { columnVisibility, density } = readTablePreferences(
      tablePreferencesKey(tokenStore.user()?.username, def.name),
    );
    const frame: FirstFrameData = {
      path: pathname,
      title: def.label,
      toolbarSpace: (def.filters.length > 0 ? 64 : 0) + 72,
      density,
      columns: def.columns.map((c) => ({
        key: c.accessorKey,
        header: c.header,
        align: cellAlign(c),
        wrap: cellWrap(c),
      })),
      rows: page.data.map((row) => ({
        id: String(row.id),
        cells: def.columns.map((c) => cellText(c, row, page.references)),
      })),
      // The same columns as the table that follows, from the same rows and the user's same choices.
      layout: (width) =>
        layoutOfList(
          def,
          {
            width,
            buttons,
            visibility: columnVisibility,
            rows: page.data,
            text: (c, row) => cellText(c, row, page.references),
          },
          measureText,
        ),
      actions: actionsWidth(buttons),
    };
    firstFrame.show(frame, drawFirstFrame);
    preloadApp();
  } catch {
    nothingAsked();
  }
}
