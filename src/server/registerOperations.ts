import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../domain/accessRules.ts';
import { authorize, authorizeFromMemory, type Caller } from './auth/accessGuard.ts';
import type { ApiOperation } from './contract/contract.ts';
import { paramsSchema, querySchema, strictBodySchema } from './contract/validators.ts';
import type { AppContext } from './context.ts';
import type { AnyHandler } from './http/handler.ts';
import { HttpError, MESSAGES } from './http/httpError.ts';
import { withHistoryActor, type HistoryActor } from './crud/history.ts';
import { personName } from '../domain/personName.ts';
import type { PublicRateLimit } from './security/publicRateLimits.ts';
import { rejectNul } from './security/rejectNul.ts';

/** Who the history rows of a request's writes name: the staff user (and who impersonates them), or the customer. */
function historyActor(caller: Caller | undefined, requestId: string): HistoryActor {
  const user = caller?.user;
  if (user) {
    const name = personName(user);
    const by = user.impersonator ? ` (${MESSAGES.historyImpersonatedBy} ${user.impersonator.name})` : '';
    return { userId: user.id, name: `${name}${by}`, requestId };
  }
  return { userId: null, name: caller?.publicOffer ? MESSAGES.historyCustomer : null, requestId };
}

function successStatus(op: ApiOperation, result: unknown): number {
  if (op.responses['201'] !== undefined) return 201;
  // Work that goes on in the background after the answer (an import's phases).
  if (op.responses['202'] !== undefined) return 202;
  if (op.responses['204'] !== undefined && result === undefined) return 204;
  return 200;
}

type WithCaller = FastifyRequest & { caller?: Caller };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the contract: its answers are never cached. */
    api?: boolean;
  }
}

/** What a route's request is validated with and its answers written with (compiled at the first call). */
export function routeSchema(op: ApiOperation) {
  return {
    ...(op.parameters.some((p) => p.in === 'path') ? { params: paramsSchema(op.parameters) } : {}),
    querystring: querySchema(op.parameters),
    ...(op.body?.contentType === 'application/json' ? { body: strictBodySchema(op.body.schema) } : {}),
    response: Object.fromEntries(Object.entries(op.responses).filter(([s, schema]) => s.startsWith('2') && schema)),
  };
}

/** One route per operation of openapi.yaml: validated by its schemas, guarded by its access rule and audience. */
export function registerOperations(
  app: FastifyInstance,
  ctx: AppContext,
  handlerFor: (op: ApiOperation) => AnyHandler<AppContext> | undefined,
  accessOf: (op: ApiOperation) => Access,
  rateLimitOf: (op: ApiOperation, access: Access) => PublicRateLimit | null = () => null,
): string[] {
  const missing: string[] = [];
  for (const op of ctx.contract.operations) {
    const access = accessOf(op);
    const handler = handlerFor(op);
    if (!handler) missing.push(op.operationId);
    const rateLimit = rateLimitOf(op, access);
    app.route({
      method: op.method,
      url: op.url,
      config: { api: true, ...(rateLimit ? { rateLimit } : {}) },
      schema: routeSchema(op),
      // Hooks with callbacks, not promises: a staff call whose token and user are in memory is decided at once.
      onRequest: (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
        let known: Caller | undefined;
        try {
          known = authorizeFromMemory(ctx, access, req);
        } catch (err) {
          return done(err as Error);
        }
        if (known) {
          (req as WithCaller).caller = known;
          return done();
        }
        authorize(ctx, access, req).then((caller) => {
          (req as WithCaller).caller = caller;
          done();
        }, done);
      },
      preValidation: (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
        try {
          rejectNul(req);
        } catch (err) {
          return done(err as Error);
        }
        done();
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        if (!handler) throw new HttpError(501, MESSAGES.notImplemented);
        const caller = (req as WithCaller).caller;
        const result = await withHistoryActor(historyActor(caller, req.id), () =>
          handler(
            {
              op,
              params: (req.params ?? {}) as Record<string, unknown>,
              query: (req.query ?? {}) as Record<string, unknown>,
              body: req.body,
              user: caller?.user ?? null,
              publicOffer: caller?.publicOffer ?? null,
              raw: req,
              reply,
            },
            ctx,
          ),
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
