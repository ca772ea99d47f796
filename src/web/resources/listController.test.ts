import { describe, expect, it } from 'vitest';
import type { ApiCall, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import {
  availableRowActions,
  isSwitchedOn,
  keyIntent,
  mayCall,
  rowButtonCount,
  recordName,
  pagerProps,
  rowsPerPageOptions,
  type KeyPress,
} from './listController.ts';
import type { RowAction } from './resourceExtensions.ts';

const key = (k: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const free = { typing: false, dialogOpen: false, onRow: true };
const both = { create: true, update: true };

describe('keyIntent: N for a new record, Enter to open a row', () => {
  it.each<[string, KeyPress, typeof free, typeof both, 'new' | 'open' | null]>([
    ['n', key('n'), free, both, 'new'],
    ['N (shift)', key('N'), free, both, 'new'],
    ['Ctrl+N is the browser’s', key('n', { ctrlKey: true }), free, both, null],
    ['Cmd+N is the browser’s', key('n', { metaKey: true }), free, both, null],
    ['Alt+N', key('n', { altKey: true }), free, both, null],
    ['n without the right to create', key('n'), free, { create: false, update: true }, null],
    ['Enter', key('Enter'), free, both, 'open'],
    ['Enter on a link or a button is theirs', key('Enter'), { ...free, onRow: false }, both, null],
    ['Enter without the right to edit', key('Enter'), free, { create: true, update: false }, null],
    ['n typed in a field', key('n'), { typing: true, dialogOpen: false, onRow: false }, both, null],
    ['Enter while a dialog is open', key('Enter'), { typing: false, dialogOpen: true, onRow: true }, both, null],
    ['another key', key('x'), free, both, null],
  ])('%s', (_name, press, where, can, want) => {
    expect(keyIntent(press, where, can)).toBe(want);
  });
});

describe('small rules of the list', () => {
  it.each<[number, number[]]>([
    [30, [30, 50, 100]],
    [10, [10, 30, 50, 100]],
    [0, [30, 50, 100]],
  ])('rows per page offered for a page size of %i', (pageSize, want) => {
    expect(rowsPerPageOptions(pageSize)).toEqual(want);
  });

  it.each([10, 30, 100])('keeps the first/last-page buttons at %i rows per page', (pageSize) => {
    expect(pagerProps(pageSize)).toMatchObject({ showFirstButton: true, showLastButton: true });
  });

  it.each<[unknown, boolean]>([
    [true, true],
    ['true', true],
    ['Y', true],
    [false, false],
    ['false', false],
    ['N', false],
    [null, false],
  ])('a switch for %j is on: %s', (value, want) => {
    expect(isSwitchedOn(value)).toBe(want);
  });

  it('names a record by its display field, else by its id', () => {
    const def = { displayField: 'description' } as ResourceDefinition;
    expect(recordName(def, { id: 4, description: 'Nord' })).toBe('Nord');
    expect(recordName(def, { id: 4 })).toBe('4');
  });
});

describe('availableRowActions: a registered button the roles allow', () => {
  const call = (operationId: string): ApiCall => ({ operationId, method: 'post', path: `/api/x/{id}/${operationId}` });
  const button: RowAction = { icon: 'info', label: () => 'Azione', applies: () => true, run: async () => undefined };
  const def = {
    roles: ['ROLE_ADMIN'],
    // forceLogoutUser has its own roles (super admin and admin); the other takes the resource's.
    actions: [call('forceLogoutUser'), call('azioneSenzaBottone'), call('azioneDellaRisorsa')],
  } as unknown as ResourceDefinition;
  const registered = { forceLogoutUser: button, azioneDellaRisorsa: button };

  it.each<[string, string[] | null, string[]]>([
    ['an admin gets every action with a button', ['ROLE_ADMIN'], ['forceLogoutUser', 'azioneDellaRisorsa']],
    ['a super admin: the action with its own roles only', ['ROLE_SUPER_ADMIN'], ['forceLogoutUser']],
    ['another role: none', ['ROLE_USER'], []],
    ['nobody signed in: none', null, []],
  ])('%s', (_name, roles, want) => {
    expect(availableRowActions(def, registered, roles).map((a) => a.call.operationId)).toEqual(want);
  });
});

describe('mayCall: a button only for a call the roles may make', () => {
  const def = {
    roles: ['ROLE_SUPERVISOR_INVENTARIO_MEZZI', 'ROLE_USER_INVENTARIO_MEZZI'],
  } as unknown as ResourceDefinition;
  const remove: ApiCall = { operationId: 'deleteInventarioMezzi', method: 'delete', path: '/api/inventari_mezzi/{id}' };
  it.each<[string[], boolean]>([
    [['ROLE_SUPERVISOR_INVENTARIO_MEZZI'], true],
    // The access table keeps deleting an inventory from counters, though the resource is theirs.
    [['ROLE_USER_INVENTARIO_MEZZI'], false],
  ])('%s: %s', (roles, want) => expect(mayCall(def, remove, roles)).toBe(want));
  it('no call, no button', () => expect(mayCall(def, undefined, ['ROLE_SUPER_ADMIN'])).toBe(false));
  it("a resource naming no roles: the admins'", () => {
    const open = { roles: [] } as unknown as ResourceDefinition;
    const call: ApiCall = { operationId: 'deleteAgent', method: 'delete', path: '/api/agents/{id}' };
    expect([mayCall(open, call, ['ROLE_ADMIN']), mayCall(open, call, ['ROLE_USER_CRM'])]).toEqual([true, false]);
  });
});

describe('rowButtonCount: the room a row keeps for the buttons these roles may see', () => {
  const call = (operationId: string): ApiCall => ({ operationId, method: 'post', path: `/api/x/{id}/${operationId}` });
  const def = {
    roles: ['ROLE_SUPERVISOR_INVENTARIO_MEZZI', 'ROLE_USER_INVENTARIO_MEZZI'],
    api: { update: call('updateInventarioMezzi'), delete: call('deleteInventarioMezzi') },
    actions: [call('forceLogoutUser')],
  } as unknown as ResourceDefinition;
  it.each<[string[] | null, number]>([
    // Editing, deleting, and the action whose own roles include admins.
    [['ROLE_ADMIN'], 3],
    // A supervisor edits and deletes; the action is not theirs.
    [['ROLE_SUPERVISOR_INVENTARIO_MEZZI'], 2],
    // A counter may not delete an inventory.
    [['ROLE_USER_INVENTARIO_MEZZI'], 1],
  ])('%j: %i', (roles, want) => expect(rowButtonCount(def, roles)).toBe(want));
});
