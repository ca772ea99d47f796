import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAllowed, type Access } from '../domain/accessRules.ts';
import type { Claims } from './auth/tokens.ts';
import type { ApiOperation } from './contract/contract.ts';
import { paramsSchema, querySchema, strictBodySchema } from './contract/validators.ts';
import type { AppContext, Handler } from './context.ts';
import { HttpError, MESSAGES } from './httpError.ts';

const bearer = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

async function userActive(ctx: AppContext, id: number): Promise<boolean> {
  const cached = ctx.activeCache.get(id);
  if (cached !== undefined) return cached;
  const { rows } = await ctx.db.query<{ active: string }>(`SELECT active FROM "user" WHERE id = $1`, [id]);
  // Tokens of the public offer flow carry no user row.
  const active = id === 0 || rows[0]?.active === 'true';
  ctx.activeCache.set(id, active);
  return active;
}

function successStatus(op: ApiOperation, result: unknown): number {
  if (op.responses['201'] !== undefined) return 201;
  if (op.responses['204'] !== undefined && result === undefined) return 204;
  return 200;
}

/** One route per operation of openapi.yaml: validated by its schemas, guarded by its access rule. */
export function registerOperations(
  app: FastifyInstance,
  ctx: AppContext,
  handlerFor: (op: ApiOperation) => Handler | undefined,
  accessOf: (op: ApiOperation) => Access,
): string[] {
  const missing: string[] = [];
  for (const op of ctx.contract.operations) {
    const access = accessOf(op);
    const handler = handlerFor(op);
    if (!handler) missing.push(op.operationId);
    const response = Object.fromEntries(
      Object.entries(op.responses)
        .filter(([s, schema]) => s.startsWith('2') && schema)
        .map(([s, schema]) => [s, schema]),
    );
    const json = op.body?.contentType === 'application/json';
    app.route({
      method: op.method as 'GET',
      url: op.url,
      schema: {
        ...(op.parameters.some((p) => p.in === 'path') ? { params: paramsSchema(op.parameters) } : {}),
        querystring: querySchema(op.parameters),
        ...(json && op.body ? { body: strictBodySchema(op.body.schema) } : {}),
        response,
      },
      onRequest: async (req: FastifyRequest) => {
        const token = bearer(req);
        if (access === 'public') return;
        if (!token) throw new HttpError(401, MESSAGES.tokenMissing);
        const claims = await ctx.tokens.verify(token);
        if (!(await userActive(ctx, claims.id))) throw new HttpError(423, MESSAGES.inactive);
        if (!isAllowed(access, claims.roles)) throw new HttpError(403, MESSAGES.forbidden);
        (req as FastifyRequest & { claims?: Claims }).claims = claims;
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        if (!handler) throw new HttpError(501, MESSAGES.notImplemented);
        const result = await handler(
          {
            op,
            params: (req.params ?? {}) as Record<string, unknown>,
            query: (req.query ?? {}) as Record<string, unknown>,
            body: req.body,
            user: (req as FastifyRequest & { claims?: Claims }).claims ?? null,
            raw: req,
            reply,
          },
          ctx,
        );
        if (reply.sent) return reply;
        const status = successStatus(op, result);
        reply.code(status);
        return status === 204 ? reply.send() : result;
      },
    });
  }
  return missing;
}
