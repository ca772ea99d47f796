import { resourceIndex } from '../../../generated/resourceIndex.ts';
import { MENU_GROUPS, type MenuGroup } from '../../domain/resourceDefinition.ts';

export interface MenuEntry {
  label: string;
  route: string;
}

/** Drawer groups and entries the given roles may see, in the drawer's order. */
export function menuFor(roles: readonly string[]): { group: MenuGroup; entries: MenuEntry[] }[] {
  const visible = Object.values(resourceIndex).filter((r) => r.route && r.menu && (r.roles.length === 0 || r.roles.some((role) => roles.includes(role))));
  return MENU_GROUPS.map((group) => ({
    group,
    entries: visible.filter((r) => r.menu === group).map((r) => ({ label: r.label, route: r.route ?? '' })).sort((a, b) => a.label.localeCompare(b.label, 'it')),
  })).filter((g) => g.entries.length > 0);
}
