import { ACCEPTANCE_PAGE } from '../acceptance/index.ts';
import { customerPath } from '../customers/index.ts';
import { inventoryPath } from '../inventory/index.ts';
import { negotiationPath } from '../negotiations/index.ts';
import { USERS_LIST } from '../users/index.ts';
import type { SearchItem } from './searchTargets.ts';

/** Where a line opens: each record at its own page (a contact its customer, an offer its negotiation…). */
export function pathOf(item: SearchItem): string {
  switch (item.kind) {
    case 'schermata':
      return item.path;
    case 'cliente':
      return customerPath(item.id);
    case 'contatto':
      return customerPath(item.openId ?? undefined);
    case 'trattativa':
      return negotiationPath(item.id);
    case 'offerta':
      return negotiationPath(item.openId ?? undefined);
    case 'mezzoAccettazione':
      return `${ACCEPTANCE_PAGE}/${String(item.id)}`;
    case 'mezzoInventario':
      return inventoryPath(item.openId ?? undefined);
    case 'utente':
      // The users' list filtered by the username, the first part of the detail the index writes.
      return `${USERS_LIST}?f.username=${encodeURIComponent(item.detail?.split(' · ')[0] ?? item.title)}`;
  }
}
