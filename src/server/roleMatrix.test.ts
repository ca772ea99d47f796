import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../domain/roleNames.ts';
import { isAllowed } from '../domain/accessRules.ts';
import { testApp, type TestApp } from '../../tests/helpers/testApp.ts';
import type { ApiOperation } from './contract/contract.ts';

let t: TestApp;
const headers = new Map<string, { authorization: string }>();
const ownIds = new Map<string, number>();
beforeAll(async () => {
  t = await testApp();
  for (const role of ROLE_NAMES) {
    const h = await t.as([role]);
    headers.set(role, h);
    ownIds.set(role, (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: h })).json().data.id);
  }
});
afterAll(() => t.close());

// Path values that exist nowhere, so allowed calls end in 404/400 without changing anything.
const SAMPLE: Record<string, string> = {
  id: '99999',
  itemId: '99999',
  statusId: '1',
  customerId: '99999',
  vat: '00743110157',
  filename: 'nessuno.pdf',
  status: 'true',
};
function request(op: ApiOperation, role: string) {
  const self = op.operationId === 'updateUser' || op.operationId === 'changePassword';
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    self && name === 'id' ? String(ownIds.get(role)) : (SAMPLE[name] ?? '1'),
  );
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${p.name === 'entity' ? 'customer' : '1'}`)
    .join('&');
  return {
    method: op.method as 'GET',
    url: query ? `${url}?${query}` : url,
    ...(op.body?.contentType === 'application/json' ? { payload: {} } : {}),
  };
}

describe('every operation × the 16 roles (SPEC.md sections 2 and 6)', () => {
  it('lets in exactly the roles of the access table, and never fails with 500', async () => {
    const access = t.ctx.access;
    const wrong: string[] = [];
    for (const op of t.ctx.contract.operations) {
      for (const role of ROLE_NAMES) {
        const res = await t.app.inject({ ...request(op, role), headers: headers.get(role) });
        const allowed = isAllowed(access(op), [role]);
        if ((res.statusCode === 403) === allowed || (res.statusCode >= 500 && res.statusCode !== 501)) {
          wrong.push(`${op.operationId} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to every non-public operation without a token', async () => {
    const open = t.ctx.contract.operations.filter((op) => !op.isPublic);
    const statuses = await Promise.all(
      open.map(async (op) => [op.operationId, (await t.app.inject(request(op, 'ROLE_USER'))).statusCode] as const),
    );
    expect(statuses.filter(([, s]) => s !== 401)).toEqual([]);
  });

  it('keeps configuration writes to their roles: spot checks against SPEC.md section 2', () => {
    {
      const access = t.ctx.access;
      const op = (id: string) => t.ctx.contract.operations.find((o) => o.operationId === id) as ApiOperation;
      expect(access(op('createFonte'))).toEqual(['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_SUPERVISOR_CP']);
      expect(access(op('listEmail'))).toEqual(['ROLE_SUPER_ADMIN']);
      expect(access(op('listMissedCall'))).toEqual(['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_CONTACT_CENTER']);
      expect(access(op('createInsurance'))).toEqual(['ROLE_SUPER_ADMIN', 'ROLE_ADMIN']);
      expect(access(op('listInventarioMezzi'))).toEqual([
        'ROLE_SUPER_ADMIN',
        'ROLE_ADMIN',
        'ROLE_SUPERVISOR_INVENTARIO_MEZZI',
        'ROLE_USER_INVENTARIO_MEZZI',
      ]);
      expect(access(op('createFilialeInventario'))).toEqual([
        'ROLE_SUPER_ADMIN',
        'ROLE_ADMIN',
        'ROLE_SUPERVISOR_INVENTARIO_MEZZI',
      ]);
      expect(access(op('listAgent'))).toBe('authenticated');
      expect(access(op('login'))).toBe('public');
      // Audiences: the public offer calls take only a public offer token; a staff token gets 403 there.
      for (const id of ['getTrattativaCpPublic', 'setTrattativaCpDraftViewed', 'confirmTrattativaCpOffer'])
        expect(access(op(id))).toBe('public-offer');
      expect(access(op('loginApiFromClient'))).toBe('public');
      expect(access(op('logout'))).toBe('public');
    }
  });
});
