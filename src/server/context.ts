import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDefinition } from '../domain/resourceDefinition.ts';
import type { Claims, PublicOfferClaims, TokenService } from './auth/tokens.ts';
import type { RefreshTokens } from './auth/refreshTokens.ts';
import type { LoginGuard } from './auth/loginGuard.ts';
import type { PasswordService } from './auth/passwords.ts';
import type { UserStates } from './auth/userStates.ts';
import type { ExportGates } from './crud/exportGates.ts';
import type { Access } from '../domain/accessRules.ts';
import type { ApiOperation, Contract } from './contract/contract.ts';
import type { ErpConnector } from './plugins/erp.ts';
import type { CrudRepository } from './crud/crudRepository.ts';
import type { EntityModel } from './crud/entityModel.ts';
import type { Db } from './db/Db.ts';
import type { Hub } from './plugins/hub.ts';
import type { Mail } from './plugins/mail/index.ts';

export interface ServerConfig {
  dataDir: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  maxUploadBytes: number;
  /** Rows an unpaged list may return at most (openapi.yaml, x-unpaged-ceiling of the page parameter). */
  unpagedCeiling: number;
}

export interface Resource {
  definition: ResourceDefinition;
  model: EntityModel;
  repo: CrudRepository;
}

export interface AppContext {
  db: Db;
  contract: Contract;
  config: ServerConfig;
  tokens: TokenService;
  refreshTokens: RefreshTokens;
  hub: Hub;
  /** The e-mail outbox: `mail.enqueue(tx, { to, ...mail.render.offerta({...}) })` (plugins/mail/README.md). */
  mail: Mail;
  /** The company's ERP (Mago): its customers and VAT numbers. */
  erp: ErpConnector;
  /** The e-mail of a valid Microsoft access token (401 otherwise). */
  verifyMicrosoft(accessToken: string): Promise<string>;
  /** Password guesses counted as they start (login and password change). */
  loginGuard: LoginGuard;
  /** Hashing and checking passwords, a few at a time. */
  passwords: PasswordService;
  /** Resources stored in a table, by type name (Agent, TrattativaCp...). */
  resources: Map<string, Resource>;
  resource(typeName: string): Resource;
  /** A stored resource by its resource name (agent, famigliaMezzo...). */
  resourceNamed(name: string): Resource | undefined;
  /** Every resource definition by name, stored or not (projections such as userGruppoCrm). */
  definitions: Map<string, ResourceDefinition>;
  /** What an operation runs, by operationId: lets one call reuse another (the export reuses the list). */
  handler(operationId: string): Handler | undefined;
  /** Who may call an operation (src/domain/accessRules.ts applied to these resources). */
  access(op: ApiOperation): Access;
  /** Who may export the list of this list operation: its own roles, never the lookup rule. */
  exportAccess(op: ApiOperation): Access;
  /** Whether a user is active and which token version is current: checked on every request. */
  userStates: UserStates;
  /**
   * The fields a reader with these roles may see of a resource's records: null for the whole record,
   * else the lookup projection (what a picker needs).
   */
  readableFields(typeName: string, roles: readonly string[] | null): readonly string[] | null;
  /** One export per user at a time, a few in all. */
  exportGates: ExportGates;
}

export interface ApiRequest {
  op: ApiOperation;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The staff user behind a staff token. */
  user: Claims | null;
  /** The negotiation a public offer token opens, on the public offer operations. */
  publicOffer: PublicOfferClaims | null;
  raw: FastifyRequest;
  reply: FastifyReply;
}

/** What an operation does; its result becomes the JSON body (undefined: no body). */
export type Handler = (req: ApiRequest, ctx: AppContext) => Promise<unknown>;
