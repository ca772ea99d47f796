import { setTimeout } from 'node:timers/promises';
import { defineHandlers, type AppContext } from '../../context.ts';
import type { Row } from '../../crud/crudRepository.ts';
import { idOf, listOptions } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { endSessions, tokensFor } from './sessions.ts';
import { emailTaken, userById } from './userRepository.ts';
import { assertMayChangeRoles, assertMayManage, rolesChanged } from './userRules.ts';

export const USER_MESSAGES = {
  oldRequired: 'La vecchia password è obbligatoria',
  oldWrong: 'La vecchia password non è corretta',
  required: 'La password è obbligatoria',
  mismatch: 'Le password non coincidono',
  tooShort: 'La password deve avere almeno 8 caratteri',
  self: 'Non è possibile eliminare o disattivare il proprio utente',
  emailTaken: (email: string) => `L'e-mail «${email}» è già usata da un altro utente`,
} as const;

const UNBLOCK_MESSAGES = {
  lifted: (username: string, addresses: number) =>
    `Accesso sbloccato per «${username}»: ${addresses === 1 ? 'un indirizzo era bloccato' : `${addresses} indirizzi erano bloccati`}`,
  none: (username: string) => `Tentativi di accesso di «${username}» azzerati: nessun indirizzo era bloccato`,
} as const;

const isAdmin = (roles: readonly string[] = []) => roles.includes('ROLE_SUPER_ADMIN') || roles.includes('ROLE_ADMIN');
const invalid = (field: string, message: string) => new HttpError(400, MESSAGES.invalid, [{ field, message }]);
const rolesOf = (row: Row | undefined) => (Array.isArray(row?.roles) ? (row.roles as string[]) : []);

/** The new password hash, or nothing when no password was sent; confirmPassword is checked, never kept. */
async function passwordHash(ctx: AppContext, body: Row, required: boolean): Promise<Row> {
  const password = typeof body.password === 'string' ? body.password : '';
  if (!password) {
    if (required) throw invalid('password', USER_MESSAGES.required);
    return {};
  }
  if (password !== body.confirmPassword) throw invalid('confirmPassword', USER_MESSAGES.mismatch);
  return { passwordHash: await ctx.passwords.hash(password) };
}

/**
 * One e-mail per user, whatever the case (Microsoft sign-in finds the user by it). Checked only when it
 * changes, so a user stored before the rule with a repeated e-mail can still be edited otherwise.
 */
async function assertEmailFree(ctx: AppContext, email: unknown, id: number | null, stored?: unknown) {
  if (typeof email !== 'string' || email === '') return;
  if (typeof stored === 'string' && stored.toLowerCase() === email.toLowerCase()) return;
  if (await emailTaken(ctx.db, email, id)) throw invalid('email', USER_MESSAGES.emailTaken(email));
}

/** The stored user an admin acts on, once the rules allow it. */
async function managed(ctx: AppContext, id: number, actorRoles: readonly string[] | undefined): Promise<Row> {
  const target = await ctx.resource('User').repo.raw(id);
  if (!target) throw new HttpError(404, MESSAGES.notFound);
  assertMayManage(actorRoles, rolesOf(target));
  return target;
}

export const userHandlers = defineHandlers({
  forceLogoutUser: async (req, ctx) => {
    const id = Number(req.params.id);
    const target = await ctx.resource('User').repo.get(id);
    assertMayManage(req.user?.roles, Array.isArray(target.roles) ? target.roles : []);
    await endSessions(ctx, id);
    return { message: 'Operazione completata con successo' };
  },

  listUser: (req, ctx) => {
    const { definition, model, repo } = ctx.resource('User');
    return repo.list(listOptions(req.query, definition.sort, model));
  },

  createUser: async (req, ctx) => {
    const body = req.body as Row;
    const roles = Array.isArray(body.roles) ? (body.roles as string[]) : ['ROLE_USER'];
    if (req.user) assertMayChangeRoles(req.user, { id: null, roles: [] }, roles);
    await assertEmailFree(ctx, body.email, null);
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
      await assertEmailFree(ctx, body.email, id, (await repo.raw(id))?.email);
      return { data: await repo.update(id, { username: body.username, email: body.email }) };
    }
    const before = await managed(ctx, id, req.user.roles);
    if (Array.isArray(body.roles))
      assertMayChangeRoles(req.user, { id, roles: rolesOf(before) }, body.roles as string[]);
    if (req.user.id === id && body.active === 'false') throw invalid('active', USER_MESSAGES.self);
    await assertEmailFree(ctx, body.email, id, before.email);
    const internal = await passwordHash(ctx, body, false);
    const data = await repo.update(id, body, internal, typeof body.version === 'number' ? body.version : undefined);
    // New roles, a new password or the end of the activity end every session opened before.
    if (rolesChanged(rolesOf(before), rolesOf(data)) || internal.passwordHash || data.active !== before.active)
      await endSessions(ctx, id);
    return { data };
  },

  deleteUser: async (req, ctx) => {
    const id = idOf(req.params);
    if (req.user?.id === id) throw new HttpError(409, USER_MESSAGES.self);
    await managed(ctx, id, req.user?.roles);
    await ctx.resource('User').repo.remove(id);
    await endSessions(ctx, id);
  },

  setUserActive: async (req, ctx) => {
    const id = idOf(req.params);
    const active = String(req.params.status);
    if (req.user?.id === id && active === 'false') throw new HttpError(409, USER_MESSAGES.self);
    const before = await managed(ctx, id, req.user?.roles);
    const data = await ctx.resource('User').repo.update(id, { active });
    if (before.active !== active) await endSessions(ctx, id);
    return { data };
  },

  // Help for a user who mistyped their password too often: the failures of their username are forgotten.
  unblockUserLogin: async (req, ctx) => {
    const id = idOf(req.params);
    const username = String((await managed(ctx, id, req.user?.roles)).username);
    const addresses = await ctx.loginGuard.unblock([username, `#${id}`]);
    req.raw.log.info({ user: username, addresses, by: req.user?.username }, 'login unblocked');
    return { message: addresses > 0 ? UNBLOCK_MESSAGES.lifted(username, addresses) : UNBLOCK_MESSAGES.none(username) };
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
    if (!oldPassword) throw invalid('oldPassword', USER_MESSAGES.oldRequired);
    if (!password) throw invalid('password', USER_MESSAGES.required);
    if (password !== confirmPassword) throw invalid('confirmPassword', USER_MESSAGES.mismatch);
    if (password.length < 8) throw invalid('password', USER_MESSAGES.tooShort);
    const who = `#${id}`;
    const pass = await ctx.loginGuard.begin(req.raw.ip, who);
    if (pass.delayMs > 0) await setTimeout(pass.delayMs);
    const row = await ctx.resource('User').repo.raw(id);
    if (!(await ctx.passwords.verify(oldPassword, row?.passwordHash as string | undefined, pass)))
      throw invalid('oldPassword', USER_MESSAGES.oldWrong);
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
