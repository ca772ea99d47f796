import type { components } from '../../generated/api.ts';
import type { ResourceName } from '../../generated/resourceIndex.ts';
import type { Access } from '../domain/accessRules.ts';
import type { ApiOperation, OperationId } from '../domain/apiOperations.ts';
import type { DeviceCookies } from './auth/deviceCookie.ts';
import type { LoginGuard } from './auth/loginGuard.ts';
import type { PasswordService } from './auth/passwords.ts';
import type { DocumentTokenOwner } from './auth/publicOffer.ts';
import type { RefreshTokens } from './auth/refreshTokens.ts';
import type { TokenService } from './auth/tokens.ts';
import type { UserStates } from './auth/userStates.ts';
import type { CrudContext, Resource, WriteRule } from './crud/resource.ts';
import type * as H from './http/handler.ts';
import type { ErpConnector } from './plugins/erp.ts';
import type { Hub } from './plugins/hub.ts';
import type { Storage } from './storage/storage.ts';
import type { StoredFiles } from './storage/sweep.ts';
import type { Mail } from './plugins/mail/index.ts';

export type { Resource };

/** A stored resource's type name, as its schema is called (Agent, TrattativaCp...): a typo does not compile. */
export type ResourceTypeName = Capitalize<ResourceName> & keyof components['schemas'];
/** A record of a resource as openapi.yaml describes it. */
export type RecordOf<N extends ResourceTypeName> = components['schemas'][N];

export interface ServerConfig {
  dataDir: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  maxUploadBytes: number;
  /** Rows an unpaged list may return at most (openapi.yaml, x-unpaged-ceiling of the page parameter). */
  unpagedCeiling: number;
  /** OSRM-compatible routing service for the branch–site distance of an offer; null: the straight-line estimate. */
  routingUrl: string | null;
}

export interface AppContext extends CrudContext {
  config: ServerConfig;
  tokens: TokenService;
  refreshTokens: RefreshTokens;
  hub: Hub;
  /** Uploaded and generated files, by key (storage/storage.ts). */
  storage: Storage;
  /** The e-mail outbox: `mail.enqueue(tx, { to, ...mail.render.offerta({...}) })` (plugins/mail/README.md). */
  mail: Mail;
  /** The company's ERP (Mago): its customers and VAT numbers. */
  erp: ErpConnector;
  /** The e-mail of a valid Microsoft access token (401 otherwise). */
  verifyMicrosoft(accessToken: string): Promise<string>;
  /** Password guesses counted as they start (login and password change). */
  loginGuard: LoginGuard;
  /** The browsers each user signed in with before (judged by their own failures at the login). */
  deviceCookies: DeviceCookies;
  /** Hashing and checking passwords, a few at a time. */
  passwords: PasswordService;
  /** A stored resource by type name; throws when it has no table (a server bug, not bad input). */
  resource<N extends ResourceTypeName>(typeName: N): Resource<RecordOf<N>>;
  /** Who may call an operation (src/domain/accessRules.ts applied to these resources). */
  access(op: ApiOperation): Access;
  /** Which negotiation a public offer's document token opens now (checked on every public offer call). */
  documentTokenOwner: DocumentTokenOwner;
  /** Whether a user is active and which token version is current: checked on every request. */
  userStates: UserStates;
}

/** A request of operation K, typed by openapi.yaml. */
export type ApiRequest<K extends OperationId> = H.ApiRequest<K>;
/** What operation K does in this app: request and answer typed by openapi.yaml. */
export type Handler<K extends OperationId> = H.Handler<K, AppContext>;
/** Handlers by operationId: an unknown operationId, or an answer of the wrong shape, does not compile. */
export type HandlerMap = H.HandlerMap<AppContext>;
/** A write rule with the whole app at hand. */
export type AppWriteRule = WriteRule<AppContext>;

/** The write rules of a module, by the type name of the resource they guard. */
export type WriteRules = { readonly [N in ResourceTypeName]?: AppWriteRule };

/**
 * What a server domain (src/server/domains/<name>/index.ts) or a plugin gives the app: see
 * src/server/README.md for how the app chooses the handler of each operation.
 */
export interface ServerModule {
  /** Handlers by operationId, typed by openapi.yaml; they win over the generic ones. */
  handlers: HandlerMap;
  /** Checks the generic create and update of these resources run before writing, and what follows a write. */
  writeRules?: WriteRules;
  /**
   * Handlers chosen by an operation's shape rather than its name, tried after the generic ones
   * (the picture of any resource with an `image` field).
   */
  handlerFor?(op: ApiOperation, ctx: AppContext): H.AnyHandler<AppContext> | undefined;
  /**
   * The storage folders the module writes, each with which of its names records still name: the sweep at
   * start removes the rest (storage/sweep.ts). A folder no module declares is never swept.
   */
  files?(ctx: AppContext): readonly StoredFiles[];
  /** What the module wires once the app's context exists (hooks on plugins). */
  start?(ctx: AppContext): void;
}

/**
 * A module's handler map, checked against openapi.yaml: an unknown operationId, a request field the
 * contract lacks, or an answer with a field the contract lacks does not compile.
 */
export function defineHandlers<M extends HandlerMap>(map: M & H.ExactHandlers<M, AppContext>): HandlerMap {
  return map;
}
