import type { MenuEntry } from '../../domain/menu.ts';
import { drawerFor, pathPermitted } from '../menu.ts';
import { WORKFLOW_PAGES } from '../workflows/pages.ts';

/** Each card of the home page, from the workflow it summarises, and the screen it summarises. */
const HOME_CARDS = WORKFLOW_PAGES.flatMap((w) => w.homeCards ?? []);

/** The cards a user sees: those whose screen is theirs, in the order of the workflows. */
export function homeCardsFor(roles: readonly string[]): string[] {
  return HOME_CARDS.filter((c) => pathPermitted(c.path, roles)).map((c) => c.id);
}

/** The home's links: the user's drawer sections and their screens, configuration tables left to the drawer. */
export function quickLinksFor(roles: readonly string[]): { label: string; entries: MenuEntry[] }[] {
  return drawerFor(roles)
    .filter((s) => !s.group.id.startsWith('configurazione'))
    .map((s) => ({ label: s.group.label, entries: s.entries }))
    .filter((s) => s.entries.length > 0);
}
