import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../generated/api.ts';
import type { ApiOperation, OperationId } from '../../domain/apiOperations.ts';
import type { PublicOfferClaims, StaffClaims } from '../../domain/tokenClaims.ts';

export type { OperationId };

/** Never and undefined read as "nothing": an operation without path parameters gets an empty object. */
type OrEmpty<T> = [NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>;

/** The path parameters of an operation, as openapi.yaml declares them (ajv has coerced them). */
export type PathParams<K extends OperationId> = OrEmpty<operations[K]['parameters']['path']>;
/** Its query parameters, as declared (ajv has coerced them; absent optional ones are absent). */
export type QueryParams<K extends OperationId> = OrEmpty<operations[K]['parameters']['query']>;

type JsonContent<B> = B extends { content: { 'application/json': infer T } } ? T : never;
/** Its JSON body (undefined when it has none or it is optional and absent; multipart bodies are read from `raw`). */
export type RequestBody<K extends OperationId> =
  | JsonContent<NonNullable<operations[K]['requestBody']>>
  | (undefined extends operations[K]['requestBody'] ? undefined : never)
  | (NonNullable<operations[K]['requestBody']> extends { content: { 'multipart/form-data': unknown } }
      ? unknown
      : never);

type SuccessStatus = 200 | 201 | 202 | 204;
type Success<K extends OperationId> = operations[K]['responses'][keyof operations[K]['responses'] & SuccessStatus];
/** A success answer: its JSON body; a reply the handler sent itself (a file, a stream); or nothing (204). */
type Answer<R> = R extends { content: { 'application/json': infer B } }
  ? B
  : R extends { content: object }
    ? FastifyReply
    : void;
/** What a handler of this operation returns: exactly one of its success answers in openapi.yaml. */
export type HandlerResult<K extends OperationId> = Answer<Success<K>>;

interface RequestBase {
  op: ApiOperation;
  /** The staff user behind a staff token. */
  user: StaffClaims | null;
  /** The negotiation a public offer token opens, on the public offer operations. */
  publicOffer: PublicOfferClaims | null;
  raw: FastifyRequest;
  reply: FastifyReply;
}

/** A request of one operation, validated by ajv against openapi.yaml before the handler runs. */
export interface ApiRequest<K extends OperationId> extends RequestBase {
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
}

/** A request as the generic handlers see it: any operation of a resource. */
export interface AnyRequest extends RequestBase {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** What an operation does: its types come from openapi.yaml. C is the context it needs. */
export type Handler<K extends OperationId, C> = (req: ApiRequest<K>, ctx: C) => Promise<HandlerResult<K>>;

/** A handler as the router holds it, for any operation (generic handlers are built per resource at start). */
export type AnyHandler<C> = (req: AnyRequest, ctx: C) => Promise<unknown>;

/** Handlers by operationId: an unknown operationId, or an answer of the wrong shape, does not compile. */
export type HandlerMap<C> = { [K in OperationId]?: Handler<K, C> };

/**
 * The router's view of a typed map. The one cast between the two: the router validated the request
 * against the same operation of openapi.yaml that typed the handler.
 */
export function anyHandlers<C>(map: HandlerMap<C>): Map<OperationId, AnyHandler<C>> {
  return new Map(Object.entries(map) as [OperationId, AnyHandler<C>][]);
}

// Exactness: TypeScript lets a returned object carry fields its declared type lacks. The answers of a
// handler map are checked field by field against the contract, so a field openapi.yaml lacks does not compile.
type KeysOf<B> = B extends unknown ? keyof B : never;
type PropOf<B, P extends PropertyKey> = B extends unknown ? (P extends keyof B ? B[P] : never) : never;
type ElementOf<B> = B extends readonly (infer E)[] ? E : never;
/** A: what a handler returns; B: what the contract allows. Fields of A that B lacks become `never`. */
export type NoExtraFields<A, B> = A extends readonly (infer E)[]
  ? readonly NoExtraFields<E, ElementOf<B>>[]
  : A extends FastifyReply | Date
    ? A
    : A extends object
      ? string extends KeysOf<B>
        ? A
        : {
            [P in keyof A]: P extends string ? (P extends KeysOf<B> ? NoExtraFields<A[P], PropOf<B, P>> : never) : A[P];
          }
      : A;

/** A handler map whose answers carry no field the contract lacks (see NoExtraFields). */
export type ExactHandlers<M, C> = {
  [K in keyof M]: K extends OperationId
    ? NonNullable<M[K]> extends (req: ApiRequest<K>, ctx: C) => Promise<infer R>
      ? (req: ApiRequest<K>, ctx: C) => Promise<NoExtraFields<R, HandlerResult<K>>>
      : never
    : never;
};
