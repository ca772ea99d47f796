import type { RoleName } from '../../generated/entities.ts';
import type { MenuGroup, ResourceIndexEntry } from './resourceDefinition.ts';
import { ROLE_GROUPS } from './accessRules.ts';

const SA = 'ROLE_SUPER_ADMIN',
  A = 'ROLE_ADMIN';

export interface DrawerGroup {
  id: MenuGroup;
  label: string;
  /** Who sees the group at all (SPEC.md section 6). */
  roles: readonly RoleName[];
  /** A configuration sub-group shown inside another group. */
  parent?: MenuGroup;
}

/** The drawer groups of SPEC.md section 2, in order, with their visibility (section 6). */
export const DRAWER_GROUPS: readonly DrawerGroup[] = [
  { id: 'contactCenter', label: 'Contact center', roles: ROLE_GROUPS.contactCenter },
  // The contact centre finds its agenda (its call-backs) here too.
  { id: 'crm', label: 'Clienti', roles: ROLE_GROUPS.agenda },
  {
    id: 'trattative',
    label: 'Trattative',
    roles: [SA, A, 'ROLE_SUPERVISOR_CP', 'ROLE_COMMERCIALE_CP', 'ROLE_USER_CP', 'ROLE_MASTER'],
  },
  {
    id: 'configurazioneTrattative',
    label: 'Configurazione',
    roles: ROLE_GROUPS.configurazioneTrattative,
    parent: 'trattative',
  },
  { id: 'offerte', label: 'Offerte', roles: ROLE_GROUPS.admin },
  { id: 'configurazioneOfferte', label: 'Configurazione offerte', roles: ROLE_GROUPS.admin, parent: 'offerte' },
  {
    id: 'service',
    label: 'Service',
    roles: [SA, A, 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI', 'ROLE_USER_ACCETTAZIONE_MEZZI'],
  },
  {
    id: 'configurazioneAccettazione',
    label: 'Configurazione accettazione',
    roles: [SA, A, 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'],
    parent: 'service',
  },
  { id: 'inventarioMezzi', label: 'Inventario mezzi', roles: ROLE_GROUPS.inventario },
  { id: 'utenti', label: 'Utenti', roles: ROLE_GROUPS.admin },
  { id: 'configurazioneCrm', label: 'Configurazione CRM', roles: ROLE_GROUPS.admin },
];

export interface MenuEntry {
  label: string;
  route: string;
  roles: readonly RoleName[];
  group: MenuGroup;
  /** Reachable (guard) but not listed in the drawer: detail pages with parameters. */
  hidden?: boolean;
  /** A hidden page's place in the drawer: the route of the entry that lists its records. */
  listedUnder?: string;
}

/** What the menu needs of each resource of the generated index. */
export type MenuResource = Pick<ResourceIndexEntry, 'label' | 'route' | 'roles' | 'menu'>;

/** What the hand-built workflows add to the menu: their screens, and the paths anyone may open. */
export interface WorkflowMenu {
  menu?: readonly MenuEntry[];
  /** Path prefixes always permitted (SPEC.md section 6), the route's own roles still first. */
  alwaysPermitted?: readonly string[];
  /** The drawer entry of such a page (path prefix → the route of the entry that lists its records). */
  placedUnder?: Readonly<Record<string, string>>;
}

/**
 * The one menu table: it drives the drawer and the guard; the server checks the same roles per call. Every
 * generated screen comes from its schema's x-resource, every hand-built one from its workflow's declaration.
 */
export function menuEntries(resources: Iterable<MenuResource>, workflows: Iterable<WorkflowMenu>): MenuEntry[] {
  return [
    ...[...resources]
      .filter((r) => r.route && r.menu)
      .map((r) => ({ label: r.label, route: r.route ?? '', roles: r.roles, group: r.menu as MenuGroup })),
    ...[...workflows].flatMap((w) => w.menu ?? []),
  ];
}

const allows = (roles: readonly string[], userRoles: readonly string[]) =>
  roles.length === 0 || roles.some((r) => userRoles.includes(r));

export interface DrawerSection {
  group: DrawerGroup;
  entries: MenuEntry[];
  children: DrawerSection[];
}

const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/\/:[^/]+\?/g, '(?:/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}/?$`).test(path);

const OPEN_PATHS = ['/', '/profile', '/auth/callback'];

/** The drawer and the path guard over a resource index (generated/resourceIndex.ts in the app) and the workflows. */
export function createMenu(resources: Iterable<MenuResource>, workflows: readonly WorkflowMenu[]) {
  const MENU = menuEntries(resources, workflows);
  // SPEC.md section 6: some paths are always permitted (the public offer page, inventory details).
  const ALWAYS_PERMITTED = workflows.flatMap((w) => w.alwaysPermitted ?? []);
  const PLACES = workflows.flatMap((w) => Object.entries(w.placedUnder ?? {}));
  /** The entry that lists an always-permitted page with no entry of its own (an inventory's page). */
  const placeOf = (path: string) => PLACES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? null;

  /** The drawer a user with these roles sees: groups they may open, entries they may use. */
  function drawerFor(userRoles: readonly string[]): DrawerSection[] {
    const section = (group: DrawerGroup): DrawerSection => ({
      group,
      entries: MENU.filter((e) => e.group === group.id && !e.hidden && allows(e.roles, userRoles)).sort((a, b) =>
        a.label.localeCompare(b.label, 'it'),
      ),
      children: DRAWER_GROUPS.filter((g) => g.parent === group.id && allows(g.roles, userRoles))
        .map(section)
        .filter((s) => s.entries.length > 0),
    });
    return DRAWER_GROUPS.filter((g) => !g.parent && allows(g.roles, userRoles))
      .map(section)
      .filter((s) => s.entries.length > 0 || s.children.length > 0);
  }

  /** Path permission: a menu entry for the path must allow one of the user's roles. */
  function pathPermitted(path: string, userRoles: readonly string[]): boolean {
    if (OPEN_PATHS.includes(path)) return true;
    const routes = MENU.filter((e) => matches(e.route, path));
    // First the route's own roles (SPEC.md section 6), then the path permission.
    if (routes.length > 0 && !routes.some((e) => allows(e.roles, userRoles))) return false;
    // `${path}/`: a prefix is a route without its id (/inventarioMezzi/{id?}), so the path without the id counts too.
    return ALWAYS_PERMITTED.some((p) => `${path}/`.includes(p)) || routes.length > 0;
  }

  /** The top-level drawer group of the page at this path (a configuration sub-group counts as its parent). */
  function drawerGroupOf(path: string): MenuGroup | null {
    const entry = MENU.find((e) => matches(e.route, path)) ?? MENU.find((e) => e.route === placeOf(path));
    if (!entry) return null;
    return DRAWER_GROUPS.find((g) => g.id === entry.group)?.parent ?? entry.group;
  }

  /**
   * The drawer entry a page belongs to: its own; for a hidden page (a record's page) the entry that lists it,
   * never another entry whose route merely begins its path; for a path under an entry's route, that entry.
   */
  function activeEntryOf(path: string): string | null {
    const visible = MENU.filter((e) => !e.hidden);
    const own = visible.find((e) => matches(e.route, path));
    if (own) return own.route;
    const hidden = MENU.find((e) => e.hidden && matches(e.route, path));
    if (hidden) return hidden.listedUnder ?? null;
    const place = placeOf(path);
    if (place) return place;
    const under = visible
      .filter((e) => path.startsWith(`${e.route}/`))
      .sort((a, b) => b.route.length - a.route.length)[0];
    return under?.route ?? null;
  }

  /**
   * Which drawer sections are open on a page: the page's own, the others folded so that it shows
   * without scrolling; on a page of no section (home, profile) every section, the map of the product.
   */
  function openDrawerSections(sections: readonly DrawerSection[], path: string): MenuGroup[] {
    const current = drawerGroupOf(path);
    if (current && sections.some((s) => s.group.id === current)) return [current];
    return sections.map((s) => s.group.id);
  }

  return { drawerFor, pathPermitted, drawerGroupOf, openDrawerSections, activeEntryOf };
}
