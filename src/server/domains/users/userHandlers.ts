import { setTimeout } from 'node:timers/promises';
import { defineHandlers, type AppContext } from '../../context.ts';
import type { Row } from '../../crud/crudRepository.ts';
import { idOf, listOptions } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { endSessions, tokensFor } from './sessions.ts';
import { userById } from './userRepository.ts';
import { assertMayChangeRoles, assertMayManage, rolesChanged } from './userRules.ts';

export const PASSWORD_MESSAGES = {
  oldRequired: 'La vecchia password è obbligatoria',
  oldWrong: 'La vecchia password non è corretta',
  required: 'La password è obbligatoria',
  mismatch: 'Le password non coincidono',
  tooShort: 'La password deve avere almeno 8 caratteri',
  self: 'Non è possibile eliminare o disattivare il proprio utente',
} as const;

const isAdmin = (roles: readonly string[] = []) => roles.includes('ROLE_SUPER_ADMIN') || roles.includes('ROLE_ADMIN');
const invalid = (field: string, message: string) => new HttpError(400, MESSAGES.invalid, [{ field, message }]);
const rolesOf = (row: Row | undefined) => (Array.isArray(row?.roles) ? (row.roles as string[]) : []);

/** The new password hash, or nothing when no password was sent; confirmPassword is checked, never kept. */
async function passwordHash(ctx: AppContext, body: Row, required: boolean): Promise<Row> {
  const password = typeof body.password === 'string' ? body.password : '';
  if (!password) {
    if (required) throw invalid('password', PASSWORD_MESSAGES.required);
    return {};
  }
  if (password !== body.confirmPassword) throw invalid('confirmPassword', PASSWORD_MESSAGES.mismatch);
  return { passwordHash: await ctx.passwords.hash(password) };
}

/** The stored user an admin acts on, once the rules allow it. */
async function managed(ctx: AppContext, id: number, actorRoles: readonly string[] | undefined): Promise<Row> {
  const target = await ctx.resource('User').repo.raw(id);
  if (!target) throw new HttpError(404, MESSAGES.notFound);
  assertMayManage(actorRoles, rolesOf(target));
  return target;
}

export const userHandlers = defineHandlers({
  listUser: (req, ctx) => {
    const { definition, model, repo } = ctx.resource('User');
    return repo.list(listOptions(req.query, definition.sort, model));
  },

  createUser: async (req, ctx) => {
    const body = req.body as Row;
    const roles = Array.isArray(body.roles) ? (body.roles as string[]) : ['ROLE_USER'];
    if (req.user) assertMayChangeRoles(req.user, { id: null, roles: [] }, roles);
    const internal = await passwordHash(ctx, body, true);
    const data = await ctx.resource('User').repo.create({ active: 'true', roles: ['ROLE_USER'], ...body }, internal);
    return { data };
  },

  // Admins edit anybody they may manage; everybody else edits only their own username and email (the profile).
  updateUser: async (req, ctx) => {
    const id = idOf(req.params);
    const body = req.body as Row;
    const repo = ctx.resource('User').repo;
    if (!req.user || !isAdmin(req.user.roles)) {
      if (req.user?.id !== id) throw new HttpError(403, MESSAGES.forbidden);
      return { data: await repo.update(id, { username: body.username, email: body.email }) };
    }
    const before = await managed(ctx, id, req.user.roles);
    if (Array.isArray(body.roles))
      assertMayChangeRoles(req.user, { id, roles: rolesOf(before) }, body.roles as string[]);
    if (req.user.id === id && body.active === 'false') throw invalid('active', PASSWORD_MESSAGES.self);
    const internal = await passwordHash(ctx, body, false);
    const data = await repo.update(id, body, internal, typeof body.version === 'number' ? body.version : undefined);
    // New roles, a new password or the end of the activity end every session opened before.
    if (rolesChanged(rolesOf(before), rolesOf(data)) || internal.passwordHash || data.active !== before.active)
      await endSessions(ctx, id);
    return { data };
  },

  deleteUser: async (req, ctx) => {
    const id = idOf(req.params);
    if (req.user?.id === id) throw new HttpError(409, PASSWORD_MESSAGES.self);
    await managed(ctx, id, req.user?.roles);
    await ctx.resource('User').repo.remove(id);
    await endSessions(ctx, id);
  },

  setUserActive: async (req, ctx) => {
    const id = idOf(req.params);
    const active = String(req.params.status);
    if (req.user?.id === id && active === 'false') throw new HttpError(409, PASSWORD_MESSAGES.self);
    const before = await managed(ctx, id, req.user?.roles);
    const data = await ctx.resource('User').repo.update(id, { active });
    if (before.active !== active) await endSessions(ctx, id);
    return { data };
  },

  getCurrentUser: async (req, ctx) => ({ data: await ctx.resource('User').repo.get(req.user?.id ?? 0) }),

  getProfile: async (req, ctx) => {
    const me = await ctx.resource('User').repo.get(req.user?.id ?? 0);
    return { data: { username: me.username, email: me.email } };
  },

  // Guesses of the old password are limited like logins; the change ends every other session.
  changePassword: async (req, ctx) => {
    const id = idOf(req.params);
    if (!req.user || req.user.id !== id) throw new HttpError(403, MESSAGES.forbidden);
    const { oldPassword, password, confirmPassword } = req.body as Record<string, string>;
    if (!oldPassword) throw invalid('oldPassword', PASSWORD_MESSAGES.oldRequired);
    if (!password) throw invalid('password', PASSWORD_MESSAGES.required);
    if (password !== confirmPassword) throw invalid('confirmPassword', PASSWORD_MESSAGES.mismatch);
    if (password.length < 8) throw invalid('password', PASSWORD_MESSAGES.tooShort);
    const who = `#${id}`;
    const pass = await ctx.loginGuard.begin(req.raw.ip, who);
    if (pass.delayMs > 0) await setTimeout(pass.delayMs);
    const row = await ctx.resource('User').repo.raw(id);
    if (!(await ctx.passwords.verify(oldPassword, row?.passwordHash as string | undefined, pass)))
      throw invalid('oldPassword', PASSWORD_MESSAGES.oldWrong);
    await ctx.loginGuard.succeeded(req.raw.ip, who, pass);
    await ctx.resource('User').repo.update(id, {}, { passwordHash: await ctx.passwords.hash(password) });
    // This session goes on with new tokens; every other one has ended, its streams closed.
    await endSessions(ctx, id, { keep: req.user.sid });
    const user = await userById(ctx.db, id);
    const impersonator = req.user.impersonator ? await userById(ctx.db, req.user.impersonator.id) : undefined;
    if (!user) throw new HttpError(404, MESSAGES.notFound);
    const tokens = await tokensFor(ctx, user, { session: req.user.sid, impersonator });
    return { message: 'Operazione completata con successo', ...tokens };
  },
});
