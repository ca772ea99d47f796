import { defineHandlers, type AppContext } from '../context.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import type { PublicOfferClaims } from '../../domain/tokenClaims.ts';

/** How long the customer's page may use its token before asking for another with the same code. */
export const PUBLIC_OFFER_TOKEN_TTL = 30 * 60;

/** The negotiation whose current document token this is, or none (the negotiations workflow answers). */
export type DocumentTokenOwner = (code: string) => Promise<number | undefined>;

const notFound = () => new HttpError(404, MESSAGES.notFound);

/** The public token for the customer's page, in exchange for the negotiation's current document token. */
export async function publicOfferToken(ctx: AppContext, code: string): Promise<string> {
  const negotiationId = await ctx.documentTokenOwner(code);
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
  if (claims.code !== pathCode || (await ctx.documentTokenOwner(pathCode)) !== claims.negotiationId) throw notFound();
  return claims;
}

export const publicOfferHandlers = defineHandlers({
  // The customer's public offer page: a short token for one negotiation, in exchange for its document token.
  loginApiFromClient: async (req, ctx) => ({ data: { token: await publicOfferToken(ctx, String(req.query.code)) } }),
});
