import { ROLE_GROUPS } from './accessRules.ts';

/** Topics of the push hub that a whole team follows, and who may subscribe to each. */
export const TEAM_TOPICS = {
  /** New and changed missed calls: every open missed-calls screen reloads, the menu count follows. */
  contactCentre: { topic: '/contact-centre', roles: ROLE_GROUPS.contactCenter },
} as const;

/** The team topics a user with these roles may subscribe to, beside their own. */
export function teamTopicsFor(roles: readonly string[]): string[] {
  return Object.values(TEAM_TOPICS)
    .filter((t) => t.roles.some((r) => roles.includes(r)))
    .map((t) => t.topic);
}
