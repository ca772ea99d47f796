import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDefinition } from '../domain/resourceDefinition.ts';
import type { Claims, TokenService } from './auth/tokens.ts';
import type { RefreshTokens } from './auth/refreshTokens.ts';
import type { LoginLimiter } from '../domain/loginLimiter.ts';
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
  loginLimiter: LoginLimiter;
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
  /** Users known to be inactive: checked on every request (423). */
  activeCache: Map<number, boolean>;
}

export interface ApiRequest {
  op: ApiOperation;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  user: Claims | null;
  raw: FastifyRequest;
  reply: FastifyReply;
}

/** What an operation does; its result becomes the JSON body (undefined: no body). */
export type Handler = (req: ApiRequest, ctx: AppContext) => Promise<unknown>;
