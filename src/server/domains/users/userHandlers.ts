import type { AppContext, Handler } from '../../context.ts';
import type { Row } from '../../crud/crudRepository.ts';
import { idOf, listOptions } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../httpError.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';

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

/** The new password hash, or nothing when no password was sent; confirmPassword is checked, never kept. */
async function passwordHash(body: Row, required: boolean): Promise<Row> {
  const password = typeof body.password === 'string' ? body.password : '';
  if (!password) {
    if (required) throw invalid('password', PASSWORD_MESSAGES.required);
    return {};
  }
  if (password !== body.confirmPassword) throw invalid('confirmPassword', PASSWORD_MESSAGES.mismatch);
  return { passwordHash: await hashPassword(password) };
}

function forget(ctx: AppContext, id: number) {
  ctx.activeCache.delete(id);
}

export const userHandlers: Record<string, Handler> = {
  listUser: (req, ctx) => {
    const { definition, model, repo } = ctx.resource('User');
    return repo.list(listOptions(req.query, definition.sort, model));
  },

  createUser: async (req, ctx) => {
    const body = req.body as Row;
    const internal = await passwordHash(body, true);
    const data = await ctx.resource('User').repo.create({ active: 'true', roles: ['ROLE_USER'], ...body }, internal);
    return { data };
  },

  // Admins edit anybody; everybody else edits only their own username and email (the profile).
  updateUser: async (req, ctx) => {
    const id = idOf(req.params);
    const body = req.body as Row;
    const repo = ctx.resource('User').repo;
    if (!isAdmin(req.user?.roles)) {
      if (req.user?.id !== id) throw new HttpError(403, MESSAGES.forbidden);
      return { data: await repo.update(id, { username: body.username, email: body.email }) };
    }
    if (req.user?.id === id && body.active === 'false') throw invalid('active', PASSWORD_MESSAGES.self);
    const data = await repo.update(
      id,
      body,
      await passwordHash(body, false),
      typeof body.version === 'number' ? body.version : undefined,
    );
    forget(ctx, id);
    return { data };
  },

  deleteUser: async (req, ctx) => {
    const id = idOf(req.params);
    if (req.user?.id === id) throw new HttpError(409, PASSWORD_MESSAGES.self);
    await ctx.resource('User').repo.remove(id);
    await ctx.refreshTokens.revokeUser(id);
    forget(ctx, id);
    ctx.hub.forceLogout(id);
  },

  setUserActive: async (req, ctx) => {
    const id = idOf(req.params);
    const active = String(req.params.status);
    if (req.user?.id === id && active === 'false') throw new HttpError(409, PASSWORD_MESSAGES.self);
    const data = await ctx.resource('User').repo.update(id, { active });
    if (active === 'false') {
      await ctx.refreshTokens.revokeUser(id);
      ctx.hub.forceLogout(id);
    }
    forget(ctx, id);
    return { data };
  },

  getCurrentUser: async (req, ctx) => ({ data: await ctx.resource('User').repo.get(req.user?.id ?? 0) }),

  getProfile: async (req, ctx) => {
    const me = await ctx.resource('User').repo.get(req.user?.id ?? 0);
    return { data: { username: me.username, email: me.email } };
  },

  changePassword: async (req, ctx) => {
    const id = idOf(req.params);
    if (req.user?.id !== id) throw new HttpError(403, MESSAGES.forbidden);
    const { oldPassword, password, confirmPassword } = req.body as Record<string, string>;
    if (!oldPassword) throw invalid('oldPassword', PASSWORD_MESSAGES.oldRequired);
    if (!password) throw invalid('password', PASSWORD_MESSAGES.required);
    if (password !== confirmPassword) throw invalid('confirmPassword', PASSWORD_MESSAGES.mismatch);
    if (password.length < 8) throw invalid('password', PASSWORD_MESSAGES.tooShort);
    const row = await ctx.resource('User').repo.raw(id);
    if (!(await verifyPassword(oldPassword, row?.passwordHash as string | undefined)))
      throw invalid('oldPassword', PASSWORD_MESSAGES.oldWrong);
    await ctx.resource('User').repo.update(id, {}, { passwordHash: await hashPassword(password) });
    return { message: 'Operazione completata con successo' };
  },
};
