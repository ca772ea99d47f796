import { defineHandlers } from '../context.ts';
import { tokensFor } from '../domains/users/sessions.ts';
import { userByEmail, userById, userByUsername } from '../domains/users/userRepository.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

const IMPERSONATION = {
  self: 'Non è possibile impersonare se stessi',
  nested: 'Tornare al proprio utente prima di impersonarne un altro',
  inactive: 'Non è possibile impersonare un utente non attivo',
} as const;

export const authHandlers = defineHandlers({
  // Counted before the hash starts; the hash runs for unknown users too, so timing says nothing.
  login: async (req, ctx) => {
    const { username, password } = req.body;
    const priority = await ctx.loginGuard.begin(req.raw.ip, username);
    const user = await userByUsername(ctx.db, username);
    if (!(await ctx.passwords.verify(password, user?.passwordHash, priority)) || !user)
      throw new HttpError(401, MESSAGES.badCredentials);
    if (user.active !== 'true') throw new HttpError(401, MESSAGES.inactive);
    await ctx.loginGuard.succeeded(req.raw.ip, username);
    return tokensFor(ctx, user);
  },

  refreshToken: async (req, ctx) => {
    const { refresh_token } = req.body;
    const rotated = await ctx.refreshTokens.rotate(refresh_token);
    const user = await userById(ctx.db, rotated.userId);
    if (!user) throw new HttpError(401, MESSAGES.tokenInvalid);
    if (user.active !== 'true') throw new HttpError(401, MESSAGES.inactive);
    if (rotated.impersonatorId === null) return tokensFor(ctx, user, rotated.token);
    // An impersonation lasts only while its super admin still is one.
    const impersonator = await userById(ctx.db, rotated.impersonatorId);
    if (!impersonator || impersonator.active !== 'true' || !impersonator.roles?.includes('ROLE_SUPER_ADMIN'))
      throw new HttpError(401, MESSAGES.tokenInvalid);
    return tokensFor(ctx, user, rotated.token, impersonator);
  },

  logout: async (req, ctx) => {
    await ctx.refreshTokens.revokeFamilyOf(req.body.refresh_token);
  },

  // Support: a super admin sees the product exactly as one user does, and can go back (the client keeps their own tokens).
  impersonateUser: async (req, ctx) => {
    const id = Number(req.params.id);
    if (!req.user || req.user.impersonator) throw new HttpError(409, IMPERSONATION.nested);
    if (req.user.id === id) throw new HttpError(409, IMPERSONATION.self);
    const [target, me] = [await userById(ctx.db, id), await userById(ctx.db, req.user.id)];
    if (!target) throw new HttpError(404, MESSAGES.notFound);
    if (!me) throw new HttpError(401, MESSAGES.tokenInvalid);
    if (target.active !== 'true') throw new HttpError(409, IMPERSONATION.inactive);
    req.raw.log.info({ impersonator: me.username, user: target.username }, 'impersonation started');
    return tokensFor(ctx, target, undefined, me);
  },

  // The access token was issued by Microsoft for this application; the user is the one with its e-mail.
  loginMicrosoft: async (req, ctx) => {
    const email = await ctx.verifyMicrosoft(req.body.accessToken);
    const user = await userByEmail(ctx.db, email);
    if (!user) throw new HttpError(401, MESSAGES.badCredentials);
    if (user.active !== 'true') throw new HttpError(401, MESSAGES.inactive);
    return tokensFor(ctx, user);
  },
});
