// Checked by `npm run typecheck`, never run: each @ts-expect-error line must fail to compile, so a
// handler map that drifts from openapi.yaml is found by the compiler, not by a request at run time.
import { defineHandlers, type HandlerMap } from '../context.ts';
import { OPERATION_ACCESS } from '../../domain/accessRules.ts';

export const typed = defineHandlers({
  getProfile: async (req, ctx) => {
    const me = await ctx.resource('User').repo.get(req.user?.id ?? 0);
    return { data: { username: me.username, email: me.email } };
  },
  checkCustomerVatNumber: async (req) => ({
    // Path parameters are typed by the contract: vat is a string.
    data: { exists: req.params.vat.length > 0, customerId: null, agentName: null, inErp: false },
  }),
});

export const unknownOperation = defineHandlers({
  // @ts-expect-error an operationId openapi.yaml does not have (a typo of getProfile)
  getProfil: async () => ({ data: { username: 'a', email: 'b' } }),
});

export const unknownOperationInAMap: HandlerMap = {
  // @ts-expect-error an operationId openapi.yaml does not have, in a plain handler map
  listCustomerContact: async () => ({ data: [], totalRows: 0 }),
};

export const extraField = defineHandlers({
  // @ts-expect-error an answer with a field the contract lacks (the profile has no `roles`)
  getProfile: async () => ({ data: { username: 'a', email: 'b', roles: ['ROLE_ADMIN'] } }),
});

export const missingField = defineHandlers({
  // @ts-expect-error an answer without a field the contract requires (email)
  getProfile: async () => ({ data: { username: 'a' } }),
});

export const wrongParam = defineHandlers({
  checkCustomerVatNumber: async (req) => ({
    // @ts-expect-error a path parameter the operation does not have
    data: { exists: req.params.id > 0, customerId: null, agentName: null, inErp: false },
  }),
});

export const wrongResource = defineHandlers({
  getProfile: async (_req, ctx) => {
    // @ts-expect-error a resource that does not exist (Users instead of User)
    const me = await ctx.resource('Users').repo.get(1);
    return { data: { username: String(me), email: '' } };
  },
});

// @ts-expect-error the access table is keyed by operationIds too
export const misspeltAccess = OPERATION_ACCESS.loginn;
