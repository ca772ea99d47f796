import type { MenuEntry } from '../../domain/menu.ts';
import { drawerFor, pathPermitted } from '../menu.ts';

/** Each card of the home page and the screen it summarises: a user sees a card when that screen is theirs. */
export const HOME_CARDS = {
  todayPlanning: '/plannings',
  toComplete: '/listPlannings',
  myNegotiations: '/trattativeCp/trattativeCp',
  missedCalls: '/contactCenter/missed-calls',
} as const;
export type HomeCardId = keyof typeof HOME_CARDS;

export function homeCardsFor(roles: readonly string[]): HomeCardId[] {
  return (Object.keys(HOME_CARDS) as HomeCardId[]).filter((c) => pathPermitted(HOME_CARDS[c], roles));
}

/** The home's links: the user's drawer sections and their screens, configuration tables left to the drawer. */
export function quickLinksFor(roles: readonly string[]): { label: string; entries: MenuEntry[] }[] {
  return drawerFor(roles)
    .filter((s) => !s.group.id.startsWith('configurazione'))
    .map((s) => ({ label: s.group.label, entries: s.entries }))
    .filter((s) => s.entries.length > 0);
}

/** Today's date in Italy (YYYY-MM-DD), whatever the computer's time zone: the day the office works in. */
export function todayInItaly(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
}
