import { randomBytes } from 'node:crypto';
import { defineHandlers, type AppContext } from '../context.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import type { PublicOfferClaims } from '../../domain/tokenClaims.ts';

/** How long the customer's page may use its token before asking for another with the same code. */
export const PUBLIC_OFFER_TOKEN_TTL = 30 * 60;

export const PUBLIC_OFFER_SQL = [
  `CREATE INDEX IF NOT EXISTS "trattativaCp_documentToken_idx" ON "trattativaCp" ("documentToken")`,
];

const notFound = () => new HttpError(404, MESSAGES.notFound);

/** The negotiation whose current document token this is, or none. */
async function negotiationWithCode(ctx: AppContext, code: string): Promise<number | undefined> {
  const { rows } = await ctx.db.query<{ id: number }>(
    `SELECT id FROM "trattativaCp" WHERE "documentToken" = $1 LIMIT 1`,
    [code],
  );
  return rows[0]?.id;
}

/**
 * A new document token for a negotiation (192 random bits, base64url): it replaces the previous
 * one, so a link sent before stops opening the offer.
 */
export async function createDocumentToken(ctx: AppContext, negotiationId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const { rows } = await ctx.db.query(
    `UPDATE "trattativaCp" SET "documentToken" = $1, version = version + 1 WHERE id = $2 RETURNING id`,
    [token, negotiationId],
  );
  if (!rows[0]) throw notFound();
  return token;
}

/** The public token for the customer's page, in exchange for the negotiation's current document token. */
export async function publicOfferToken(ctx: AppContext, code: string): Promise<string> {
  const negotiationId = await negotiationWithCode(ctx, code);
  if (!negotiationId) throw notFound();
  return ctx.tokens.signPublicOffer({ negotiationId, code }, PUBLIC_OFFER_TOKEN_TTL);
}

/**
 * The access check of the public offer calls: the path's document token must be the token's own
 * and still the negotiation's current one. Any mismatch is a plain 404, saying nothing more.
 */
export async function checkPublicOffer(
  ctx: AppContext,
  claims: PublicOfferClaims,
  pathCode: string,
): Promise<PublicOfferClaims> {
  if (claims.code !== pathCode || (await negotiationWithCode(ctx, pathCode)) !== claims.negotiationId) throw notFound();
  return claims;
}

export const publicOfferHandlers = defineHandlers({
  // The customer's public offer page: a short token for one negotiation, in exchange for its document token.
  loginApiFromClient: async (req, ctx) => ({ data: { token: await publicOfferToken(ctx, String(req.query.code)) } }),
  createTrattativaCpDocumentToken: async (req, ctx) => ({
    data: { documentToken: await createDocumentToken(ctx, Number(req.params.id)) },
  }),
});
