import type { AppContext, Handler } from '../context.ts';
import { HttpError, MESSAGES } from '../httpError.ts';
import type { RoleName } from '../../../generated/entities.ts';
import { verifyPassword } from './passwords.ts';

interface UserRow {
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
  roles: RoleName[] | null;
  active: string;
  passwordHash: string | null;
}

async function findUser(ctx: AppContext, where: string, value: unknown): Promise<UserRow | undefined> {
  const { rows } = await ctx.db.query<UserRow>(`SELECT id, username, name, surname, roles, active, "passwordHash" FROM "user" WHERE ${where} LIMIT 1`, [value]);
  return rows[0];
}

async function tokensFor(ctx: AppContext, user: UserRow, refreshToken?: string) {
  const token = await ctx.tokens.sign({ id: user.id, username: user.username, name: user.name ?? '', surname: user.surname ?? '', roles: user.roles ?? [] });
  return { token, refresh_token: refreshToken ?? (await ctx.refreshTokens.issue(user.id)) };
}

export const authHandlers: Record<string, Handler> = {
  login: async (req, ctx) => {
    const { username, password } = req.body as { username: string; password: string };
    const key = `${req.raw.ip}|${username.toLowerCase()}`;
    const wait = ctx.loginLimiter.retryAfter(key, Date.now());
    if (wait > 0) {
      req.reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new HttpError(429, MESSAGES.tooManyLogins);
    }
    const user = await findUser(ctx, 'lower(username) = lower($1)', username);
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      ctx.loginLimiter.fail(key, Date.now());
      throw new HttpError(401, MESSAGES.badCredentials);
    }
    if (user.active !== 'true') throw new HttpError(401, MESSAGES.inactive);
    ctx.loginLimiter.succeed(key);
    return tokensFor(ctx, user);
  },

  refreshToken: async (req, ctx) => {
    const { refresh_token } = req.body as { refresh_token: string };
    const rotated = await ctx.refreshTokens.rotate(refresh_token);
    const user = await findUser(ctx, 'id = $1', rotated.userId);
    if (!user) throw new HttpError(401, MESSAGES.tokenInvalid);
    if (user.active !== 'true') throw new HttpError(401, MESSAGES.inactive);
    return tokensFor(ctx, user, rotated.token);
  },

  // The access token was issued by Microsoft for this application; the user is the one with its e-mail.
  loginMicrosoft: async (req, ctx) => {
    const email = await ctx.verifyMicrosoft((req.body as { accessToken: string }).accessToken);
    const user = await findUser(ctx, 'lower(email) = lower($1) OR lower(username) = lower($1)', email);
    if (!user) throw new HttpError(401, MESSAGES.badCredentials);
    if (user.active !== 'true') throw new HttpError(401, MESSAGES.inactive);
    return tokensFor(ctx, user);
  },

  // The customer's public offer page: a token that opens only the public offer calls (ROLE_API).
  loginApiFromClient: async (_req, ctx) => ({
    data: { token: await ctx.tokens.sign({ id: 0, username: 'cliente', name: '', surname: '', roles: ['ROLE_API'] }) },
  }),
};
