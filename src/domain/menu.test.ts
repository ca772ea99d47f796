import { describe, expect, it } from 'vitest';
// The app's menu: its generated resources and its workflows' pages (src/web/workflows/*/pages.ts).
import { activeEntryOf, drawerFor, drawerGroupOf, openDrawerSections, pathPermitted } from '../web/menu.ts';
import { ROLE_NAMES } from './roleNames.ts';

const groupsOf = (role: string) => drawerFor([role]).map((s) => s.group.label);
const routesOf = (role: string) =>
  drawerFor([role])
    .flatMap((s) => [...s.entries, ...s.children.flatMap((c) => c.entries)])
    .map((e) => e.route)
    .sort();

// SPEC.md section 6, drawer group visibility, role by role (plus the CRM group of the customer workflow).
const GROUPS: Record<string, string[]> = {
  ROLE_SUPER_ADMIN: [
    'Contact center',
    'Clienti',
    'Trattative',
    'Offerte',
    'Service',
    'Inventario mezzi',
    'Utenti',
    'Configurazione CRM',
  ],
  ROLE_ADMIN: [
    'Contact center',
    'Clienti',
    'Trattative',
    'Offerte',
    'Service',
    'Inventario mezzi',
    'Utenti',
    'Configurazione CRM',
  ],
  ROLE_USER: [],
  ROLE_USER_CRM: ['Clienti'],
  ROLE_USER_CP: ['Clienti', 'Trattative'],
  ROLE_COMMERCIALE_CP: ['Clienti', 'Trattative'],
  ROLE_SUPERVISOR_CP: ['Clienti', 'Trattative'],
  ROLE_USER_ACCETTAZIONE_MEZZI: ['Service'],
  ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI: ['Service'],
  ROLE_USER_INVENTARIO_MEZZI: ['Inventario mezzi'],
  ROLE_SUPERVISOR_INVENTARIO_MEZZI: ['Inventario mezzi'],
  // Its own agenda (the call-backs it plans) sits with the customers' screens.
  ROLE_CONTACT_CENTER: ['Contact center', 'Clienti'],
  ROLE_MARKETING: [],
  ROLE_NL: [],
  ROLE_MASTER: ['Clienti', 'Trattative'],
  ROLE_API: [],
};

describe('drawerFor: the drawer of each of the 16 roles', () => {
  it.each(ROLE_NAMES.map((r) => [r, GROUPS[r] ?? []] as const))('%s sees %j', (role, groups) => {
    expect(groupsOf(role)).toEqual(groups);
  });

  it("contact centre entries follow SPEC.md section 2, with the operator's own agenda and the admins' working calendar", () => {
    expect(routesOf('ROLE_CONTACT_CENTER')).toEqual(['/contactCenter/missed-calls', '/listPlannings', '/plannings']);
    const admin = drawerFor(['ROLE_ADMIN'])
      .find((s) => s.group.id === 'contactCenter')
      ?.entries.map((e) => e.route);
    expect(admin?.sort()).toEqual([
      '/contactCenter/branch-offices',
      '/contactCenter/missed-calls',
      '/contactCenter/report-calls',
      '/contactCenter/working-calendar',
    ]);
    const superAdmin = drawerFor(['ROLE_SUPER_ADMIN'])
      .find((s) => s.group.id === 'contactCenter')
      ?.entries.map((e) => e.route);
    expect(superAdmin).toContain('/contactCenter/emails');
  });

  it('negotiations: list and calendar, with the configuration sub-group for the CP supervisor only', () => {
    const cpUser = drawerFor(['ROLE_USER_CP']).find((s) => s.group.id === 'trattative');
    expect(cpUser?.entries.map((e) => e.route).sort()).toEqual([
      '/trattativeCp/calendarioTrattative',
      '/trattativeCp/trattativeCp',
    ]);
    expect(cpUser?.children).toEqual([]);
    const supervisor = drawerFor(['ROLE_SUPERVISOR_CP']).find((s) => s.group.id === 'trattative');
    expect(supervisor?.children[0]?.entries.map((e) => e.route)).toEqual(
      expect.arrayContaining([
        '/configurations/fonti',
        '/configurations/commerciali',
        '/configurations/filiali',
        '/configurations/statiTrattative',
        '/configurations/motiviPerse',
        '/configurations/gruppiCrm',
        '/configurations/usersGruppiCrm',
        '/configurations/invioBrochure',
        '/configurations/competitorsTrattative',
        '/famiglieMezzi/famiglieMezzi',
        '/configurations/sectors',
      ]),
    );
  });

  it('service: the acceptance form for the acceptance user, the list and tipiControllo for the supervisor', () => {
    expect(routesOf('ROLE_USER_ACCETTAZIONE_MEZZI')).toEqual(['/accettazioniMezzi/accettazioneMezzo']);
    expect(routesOf('ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI')).toEqual([
      '/accettazioniMezzi/accettazioneMezzo',
      '/accettazioniMezzi/accettazioniMezzi',
      '/configurations/tipiControllo',
    ]);
  });

  it('inventory: both screens for the supervisor, the inventories for the user', () => {
    expect(routesOf('ROLE_SUPERVISOR_INVENTARIO_MEZZI')).toEqual([
      '/inventarioMezzi/filialiInventario',
      '/inventarioMezzi/inventariMezzi',
    ]);
    expect(routesOf('ROLE_USER_INVENTARIO_MEZZI')).toEqual(['/inventarioMezzi/inventariMezzi']);
  });
});

describe('pathPermitted (SPEC.md section 6)', () => {
  it.each([
    ['/configurations/fonti', ['ROLE_SUPERVISOR_CP'], true],
    ['/configurations/fonti', ['ROLE_USER_CP'], false],
    ['/contactCenter/emails', ['ROLE_ADMIN'], false],
    ['/contactCenter/emails', ['ROLE_SUPER_ADMIN'], true],
    ['/inventarioMezzi/12', ['ROLE_USER'], true],
    ['/inventarioMezzi', ['ROLE_USER_INVENTARIO_MEZZI'], true],
    // Always permitted by path, but the route's own roles come first.
    ['/inventarioMezzi/filialiInventario', ['ROLE_USER_CRM'], false],
    ['/inventarioMezzi/filialiInventario', ['ROLE_SUPERVISOR_INVENTARIO_MEZZI'], true],
    ['/trattativeCp/offers/AB12CD', [], true],
    ['/customers/15', ['ROLE_USER_CRM'], true],
    ['/customers/15', ['ROLE_CONTACT_CENTER'], false],
    ['/', ['ROLE_USER'], true],
    ['/profile', ['ROLE_USER'], true],
    ['/nessuna-pagina', ['ROLE_SUPER_ADMIN'], false],
  ] as const)('%s for %j: %s', (path, roles, want) => {
    expect(pathPermitted(path, roles)).toBe(want);
  });
});

describe('openDrawerSections: the section of the current page is open', () => {
  const admin = drawerFor(['ROLE_ADMIN']);
  it.each([
    ['/configurations/fonti', ['trattative']],
    ['/trattativeCp/trattativeCp', ['trattative']],
    ['/offers/insurances', ['offerte']],
    ['/customers/12', ['crm']],
    ['/contactCenter/missed-calls', ['contactCenter']],
    ['/configurations/nations', ['configurazioneCrm']],
  ])('%s opens %j only', (path, open) => expect(openDrawerSections(admin, path)).toEqual(open));

  it('opens every section on a page of none (home, profile) or of a section the user does not see', () => {
    const all = admin.map((s) => s.group.id);
    expect(openDrawerSections(admin, '/')).toEqual(all);
    expect(openDrawerSections(admin, '/profile')).toEqual(all);
    const crm = drawerFor(['ROLE_USER_CRM']);
    expect(openDrawerSections(crm, '/configurations/fonti')).toEqual(['crm']);
  });

  it('names the group of a configuration sub-group by its parent', () => {
    expect(drawerGroupOf('/configurations/tipiControllo')).toBe('service');
    expect(drawerGroupOf('/inventarioMezzi/7')).toBe('inventarioMezzi');
    expect(drawerGroupOf('/nessuna/pagina')).toBeNull();
  });
});

describe('activeEntryOf: the drawer entry a page belongs to', () => {
  it.each([
    // A registered check-in belongs to the list of check-ins, not to the new check-in its path begins with.
    ['/accettazioniMezzi/accettazioneMezzo/8', '/accettazioniMezzi/accettazioniMezzi'],
    ['/accettazioniMezzi/accettazioneMezzo', '/accettazioniMezzi/accettazioneMezzo'],
    ['/accettazioniMezzi/accettazioniMezzi', '/accettazioniMezzi/accettazioniMezzi'],
    ['/trattativeCp/trattativa/12', '/trattativeCp/trattativeCp'],
    ['/trattativeCp/calendarioTrattative', '/trattativeCp/calendarioTrattative'],
    ['/customers/3', '/customers/all'],
    ['/customers/all', '/customers/all'],
    ['/contactCenter/branch-office-users', '/contactCenter/branch-offices'],
    // An inventory's page, permitted to all and in no entry of its own, belongs to the inventories' list.
    ['/inventarioMezzi/7', '/inventarioMezzi/inventariMezzi'],
    ['/inventarioMezzi/inventariMezzi', '/inventarioMezzi/inventariMezzi'],
    ['/', null],
    ['/profile', null],
  ])('%s → %s', (path, entry) => {
    expect(activeEntryOf(path)).toBe(entry);
  });

  it('names only entries of the drawer, or none', () => {
    const listed = new Set(routesOf('ROLE_SUPER_ADMIN'));
    for (const path of ['/accettazioniMezzi/accettazioneMezzo/1', '/trattativeCp/trattativa', '/customers/9'])
      expect(listed.has(activeEntryOf(path) ?? '')).toBe(true);
  });
});
