import type { components } from '../../../../generated/api.ts';
import type { DrawerSection } from '../../../domain/menu.ts';
import { foldText } from '../../../domain/search/searchQuery.ts';

export type SearchResult = components['schemas']['RisultatoRicerca'];
export type SearchCaller = components['schemas']['ChiamanteRicerca'];

/** A line of the box: a record the server found, or a screen of the user's drawer. */
export type SearchItem =
  | {
      kind: SearchResult['kind'];
      id: number;
      title: string;
      detail: string | null;
      openId: number | null;
      similar?: boolean;
    }
  | { kind: 'schermata'; id: string; title: string; detail: string | null; path: string };

/** The records the box remembers for its empty state, per user. */
export const RECENT_ITEMS = 8;
/** Screens shown at most under the records. */
const SCREENS_SHOWN = 5;

export const fromResult = (r: SearchResult): SearchItem => ({
  kind: r.kind,
  id: r.id,
  title: r.title,
  detail: r.detail,
  openId: r.openId,
  ...(r.match === 'simile' ? { similar: true } : {}),
});

/** The screens of the user's drawer whose name has every word typed (accents and case aside). */
export function screensMatching(sections: readonly DrawerSection[], text: string): SearchItem[] {
  const words = foldText(text).split(' ').filter(Boolean);
  if (!words.length) return [];
  const entries = (s: DrawerSection): { label: string; route: string; group: string }[] => [
    ...s.entries.filter((e) => !e.hidden).map((e) => ({ label: e.label, route: e.route, group: s.group.label })),
    ...s.children.flatMap(entries),
  ];
  return sections
    .flatMap(entries)
    .filter((e) => {
      const label = foldText(`${e.label} ${e.group}`);
      return words.every((w) => label.split(' ').some((part) => part.startsWith(w)));
    })
    .slice(0, SCREENS_SHOWN)
    .map((e) => ({ kind: 'schermata', id: e.route, title: e.label, detail: e.group, path: e.route }));
}

/** The last records this user opened from the box, kept in the browser (a record's title as it was then). */
export function recentItems(storage: Pick<Storage, 'getItem' | 'setItem'>, userId: number | string) {
  const key = `crm.search.recent.${String(userId)}`;
  const read = (): SearchItem[] => {
    try {
      const value = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
      return Array.isArray(value)
        ? value.filter((v): v is SearchItem => typeof v === 'object' && v !== null && 'kind' in v && 'title' in v)
        : [];
    } catch {
      return [];
    }
  };
  return {
    read,
    remember(item: SearchItem) {
      const { kind, id } = item;
      const rest = read().filter((v) => !(v.kind === kind && v.id === id));
      storage.setItem(key, JSON.stringify([item, ...rest].slice(0, RECENT_ITEMS)));
    },
  };
}
