import { describe, expect, it } from 'vitest';
import type { DrawerSection } from '../../../domain/menu.ts';
import { recentItems, screensMatching, RECENT_ITEMS, type SearchItem } from './searchTargets.ts';

const record = (kind: SearchItem['kind'], id: number) =>
  ({ kind, id, title: `R${id}`, detail: null, openId: null }) as SearchItem;

describe('the screens of the drawer', () => {
  const group = { id: 'contactCenter', label: 'Contact center', roles: [] } as unknown as DrawerSection['group'];
  const sections: DrawerSection[] = [
    {
      group,
      entries: [
        { label: 'Chiamate perse', route: '/contactCenter/missed-calls', roles: [], group: 'contactCenter' },
        { label: 'Dettaglio', route: '/x/:id', roles: [], group: 'contactCenter', hidden: true },
      ],
      children: [],
    },
  ];
  it('match every word typed by the start of a word, accents aside, and never a hidden page', () => {
    expect(screensMatching(sections, 'chiam per').map((s) => s.title)).toEqual(['Chiamate perse']);
    expect(screensMatching(sections, 'contact')).toHaveLength(1);
    expect(screensMatching(sections, 'dettaglio')).toEqual([]);
    expect(screensMatching(sections, 'perse chiamate')).toHaveLength(1);
  });
});

describe('the recent records', () => {
  it('keep the last ones opened, newest first, each once, per user, bounded', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const mine = recentItems(storage, 1);
    for (let i = 1; i <= RECENT_ITEMS + 2; i++) mine.remember(record('cliente', i));
    mine.remember(record('cliente', 5));
    expect(mine.read().map((r) => r.id)).toEqual([5, 10, 9, 8, 7, 6, 4, 3]);
    expect(recentItems(storage, 2).read()).toEqual([]);
    data.set('crm.search.recent.1', 'not json');
    expect(mine.read()).toEqual([]);
  });
});
