import { setTimeout } from 'node:timers/promises';
import { defineHandlers } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { endSessionOf, tokensFor } from './sessions.ts';
import { userByEmail, userById, userByUsername } from './userRepository.ts';

const IMPERSONATION = {
  self: 'Non è possibile impersonare se stessi',
  nested: 'Tornare al proprio utente prima di impersonarne un altro',
  inactive: 'Non è possibile impersonare un utente non attivo',
} as const;

export const signInHandlers = defineHandlers({
  // Judged and counted before the hash starts (a refusal costs no scrypt); the hash runs for unknown
  // users too, so timing says nothing. A browser the user signed in with before is judged by its own failures.
  login: async (req, ctx) => {
    const { username, password } = req.body;
    const ip = req.raw.ip;
    const device = ctx.deviceCookies.read(req.raw, username);
    const pass = await ctx.loginGuard.begin(ip, username, device);
    if (pass.delayMs > 0) await setTimeout(pass.delayMs);
    const user = await userByUsername(ctx.db, username);
    if (!(await ctx.passwords.verify(password, user?.passwordHash, pass)) || !user)
      throw new HttpError(401, MESSAGES.badCredentials);
    if (user.active !== 'true') throw new HttpError(401, MESSAGES.inactive);
    await ctx.loginGuard.succeeded(ip, username, pass, device);
    if (!device) ctx.deviceCookies.issue(req.reply, username);
    return tokensFor(ctx, user);
  },

  refreshToken: async (req, ctx) => {
    const { refresh_token } = req.body;
    const rotated = await ctx.refreshTokens.rotate(refresh_token);
    const user = await userById(ctx.db, rotated.userId);
    if (!user) throw new HttpError(401, MESSAGES.tokenInvalid);
    if (user.active !== 'true') throw new HttpError(401, MESSAGES.inactive);
    const refreshed = { token: rotated.token, family: rotated.family };
    if (rotated.impersonatorId === null) return tokensFor(ctx, user, { refreshed });
    // An impersonation lasts only while its super admin still is one.
    const impersonator = await userById(ctx.db, rotated.impersonatorId);
    if (!impersonator || impersonator.active !== 'true' || !impersonator.roles?.includes('ROLE_SUPER_ADMIN'))
      throw new HttpError(401, MESSAGES.tokenInvalid);
    return tokensFor(ctx, user, { refreshed, impersonator });
  },

  // The session ends whole: its refresh family, its access token and its event streams.
  logout: async (req, ctx) => {
    await endSessionOf(ctx, req.body.refresh_token);
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
    return tokensFor(ctx, target, { impersonator: me });
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
