import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import qs from 'qs';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import {
  exportAccess,
  isAllowed,
  operationAccess,
  wholeListAccess,
  type ResourceAccessInfo,
} from '../domain/accessRules.ts';
import type { ApiOperation, OperationId } from '../domain/apiOperations.ts';
import { FIRST_TRY_PRIORITY, LOGIN_RULES } from '../domain/loginLimiter.ts';
import type { ResourceDefinition } from '../domain/resourceDefinition.ts';
import { authModule } from './auth/index.ts';
import { createLoginGuard } from './auth/loginGuard.ts';
import { microsoftConfigFromEnv, microsoftVerifier, type MicrosoftConfig } from './auth/microsoftLogin.ts';
import { createPasswordService, type ScryptCost } from './auth/passwords.ts';
import { createRefreshTokens } from './auth/refreshTokens.ts';
import { createDeviceCookies, deviceCookieSecret } from './auth/deviceCookie.ts';
import { createTokenService, HUB_TOKEN_MAX_TTL } from './auth/tokens.ts';
import { createUserStates } from './auth/userStates.ts';
import { loadContract } from './contract/contract.ts';
import { checkResponsesFromEnv, createSerializerCompiler } from './contract/serializers.ts';
import { createValidators } from './contract/validators.ts';
import type { AppContext, RecordOf, Resource, ResourceTypeName, ServerConfig, ServerModule } from './context.ts';
import { crudRepository } from './crud/crudRepository.ts';
import { entityModel, isStored, quote } from './crud/entityModel.ts';
import { createExportGates, EXPORT_LIMITS } from './crud/exportGates.ts';
import { exportHandlers } from './crud/exportHandler.ts';
import { genericHandler } from './crud/genericHandler.ts';
import { createListCounts } from './crud/listCounts.ts';
import { historyTriggers, migrate } from './crud/migrate.ts';
import { historyPlans, historyTriggerSource, withHistoryTransactions } from './crud/history.ts';
import { withReferenceLabels } from './crud/referenceLabels.ts';
import { withSparseRows } from './crud/sparseRows.ts';
import { DEFAULT_SEARCH_LIMITS, type SearchLimits } from './crud/search.ts';
import { applyMigrations, underSchemaLock } from './db/migrations.ts';
import { createDb } from './db/createDb.ts';
import { lockDataDir, type DataDirLock } from './db/dataDirLock.ts';
import type { Db } from './db/Db.ts';
import { acceptanceModule } from './domains/acceptance/index.ts';
import { contactCentreModule } from './domains/contact-centre/index.ts';
import { customersModule } from './domains/customers/index.ts';
import { filesModule } from './domains/files/index.ts';
import { inventoryModule } from './domains/inventory/index.ts';
import { negotiationsModule, negotiationWithDocumentToken } from './domains/negotiations/index.ts';
import { offersModule } from './domains/offers/index.ts';
import { planningsModule } from './domains/plannings/index.ts';
import { publicOfferModule } from './domains/public-offer/index.ts';
import { searchModule } from './domains/search/index.ts';
import { userState, usersModule } from './domains/users/index.ts';
import { createErrorHandler } from './errorHandler.ts';
import { anyHandlers, type AnyHandler } from './http/handler.ts';
import { MESSAGES } from './http/httpError.ts';
import { demoErp, type ErpConnector } from './plugins/erp.ts';
import { apiDocs } from './plugins/apiDocs/index.ts';
import { createHub, HUB_LIMITS } from './plugins/hub.ts';
import { directoryStorage } from './storage/storage.ts';
import { startSweeper } from './storage/sweep.ts';
import { hubHandlers } from './plugins/hubHandlers.ts';
import { createMail, mailHandlers, mailOptionsFromEnv, type MailOptions } from './plugins/mail/index.ts';
import { webApp } from './plugins/webApp.ts';
import { importModule } from './crud/import/index.ts';
import { historyModule } from './domains/history/index.ts';
import { registerOperations } from './registerOperations.ts';
import { createConcurrencyGate } from './security/concurrencyGate.ts';
import { loggerOptions, type LogSettings } from './security/logging.ts';
import { lookupFields } from './security/lookupProjection.ts';
import { publicRateLimits, rateLimited } from './security/publicRateLimits.ts';
import { securityHeaders } from './security/securityHeaders.ts';

/**
 * Everything that handles operations, in one list: the server domains (src/server/domains/<name>)
 * and the plugins. A new domain is one line here.
 */
export const MODULES: readonly ServerModule[] = [
  authModule,
  usersModule,
  customersModule,
  planningsModule,
  offersModule,
  negotiationsModule,
  publicOfferModule,
  inventoryModule,
  acceptanceModule,
  contactCentreModule,
  filesModule,
  { handlers: hubHandlers },
  { handlers: mailHandlers },
  { handlers: exportHandlers },
  importModule,
  searchModule,
  historyModule,
];

export interface AppOptions {
  /** An open database; otherwise one is opened from databaseUrl or dataDir. */
  db?: Db;
  databaseUrl?: string;
  /** The data directory's lock when the caller took it already (main.ts, before loading the app); released on close. */
  dataDirLock?: DataDirLock;
  /** Where PGlite data, uploaded files and demo secrets live; absent: memory and a temporary folder. */
  dataDir?: string;
  /** The directory of uploaded and generated files (several server processes share one); default dataDir or STORAGE_DIR. */
  storageDir?: string;
  jwtSecret?: string;
  accessTokenTtl?: number;
  refreshTokenTtl?: number;
  maxUploadBytes?: number;
  /**
   * The reverse proxies whose X-Forwarded-For gives the client's address (login limits, rate limits,
   * the public offer's history): their addresses or CIDRs, comma-separated, or "true" for any;
   * default TRUST_PROXY, else none (the socket's address).
   */
  trustProxy?: string;
  /** Structured logs: by default warnings and errors (refusals, failures) on stdout; tests pass level 'silent'. */
  log?: LogSettings;
  /** Concurrency limits; tests make them small to prove what happens past them. */
  limits?: Partial<AppLimits>;
  /**
   * The scrypt cost of new password hashes; OWASP's baseline (SCRYPT_COST) unless given. Only the server tests
   * give a cheaper one, so that each test user's sign-in does not cost a production hash: main.ts never does.
   */
  passwordCost?: ScryptCost;
  /**
   * Every answer validated against openapi.yaml and compared with what its compiled serializer wrote (a 500 on
   * a mismatch); default API_CHECK_RESPONSES=1. Tests and the browser suite turn it on; production writes only.
   */
  checkResponses?: boolean;
  /** The built web app to serve beside the API (dist/). */
  webRoot?: string;
  /** Where the web app should send its API calls, when not to this server. */
  apiPublicUrl?: string;
  /** Microsoft sign-in; by default from MS_TENANT_ID and MS_CLIENT_ID. */
  microsoft?: MicrosoftConfig | null;
  /** The ERP connector; by default the demo ERP on seeded rows. */
  erp?: ErpConnector;
  /** E-mail delivery; each option left out comes from SMTP_URL, MAIL_FROM, PUBLIC_URL or its default. */
  mail?: MailOptions;
  /** An OSRM-compatible routing service for the offers' transport distance; by default ROUTING_URL, else none. */
  routingUrl?: string | null;
}

export interface AppLimits {
  /** Password hashes computed at once (scrypt costs ~350 ms of one core and up to 256 MB). */
  hashConcurrency: number;
  hashQueue: number;
  hashWaitMs: number;
  /** Hashes beyond hashConcurrency kept for logins from a trusted browser or an address that has not failed. */
  hashReserved: number;
  exports: { global: number; waiting: number; waitMs: number };
  hub: { perUser: number; total: number };
  /** One step of slowing down a guesser before the password is checked (src/domain/loginLimiter.ts). */
  loginStepMs: number;
}

// One hash at a time on a two-core machine keeps a core for everybody else's requests.
const DEFAULT_LIMITS: AppLimits = {
  hashConcurrency: Math.max(1, Math.min(2, os.cpus().length - 1)),
  hashQueue: 8,
  hashWaitMs: 5_000,
  // A flood of guesses never makes another user's first try wait for one of its hashes.
  hashReserved: 1,
  exports: EXPORT_LIMITS,
  hub: HUB_LIMITS,
  loginStepMs: LOGIN_RULES.stepMs,
};

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The ceiling of unpaged lists, stated once in openapi.yaml (x-unpaged-ceiling of the page parameter). */
function unpagedCeiling(contract: ReturnType<typeof loadContract>): number {
  const page = contract.document.components.parameters.Page as unknown as Record<string, unknown>;
  const ceiling = Number(page['x-unpaged-ceiling']);
  if (!Number.isInteger(ceiling) || ceiling < 1)
    throw new Error('openapi.yaml: x-unpaged-ceiling missing on the Page parameter');
  return ceiling;
}

/** The bounds of a search, stated once in openapi.yaml (x-search-max-rows and x-search-max-matches of `q`). */
function searchLimits(contract: ReturnType<typeof loadContract>): SearchLimits {
  const q = contract.document.components.parameters.Q as unknown as Record<string, unknown>;
  const maxRows = Number(q['x-search-max-rows']);
  const maxMatches = Number(q['x-search-max-matches']);
  if (!(maxRows >= 1 && maxMatches >= maxRows))
    throw new Error('openapi.yaml: x-search-max-rows or x-search-max-matches missing on the Q parameter');
  return { ...DEFAULT_SEARCH_LIMITS, maxRows, maxMatches };
}

async function loadResources(
  db: Db,
  contract: ReturnType<typeof loadContract>,
): Promise<{ resources: Map<string, Resource>; definitions: Map<string, ResourceDefinition> }> {
  const definitions = await Promise.all(Object.values(resourceIndex).map((r) => r.load()));
  // A resource has a table unless its schema says `x-resource.stored: false` (schemas/README.md).
  const stored = definitions.filter((d) => isStored(contract.entitySchema(pascal(d.name))));
  const resources = new Map<string, Resource>();
  const counts = createListCounts();
  const ceiling = unpagedCeiling(contract);
  const search = searchLimits(contract);
  for (const definition of stored) {
    const typeName = pascal(definition.name);
    const model = entityModel(contract, typeName, definition.name, definition.search);
    const settings = { pageSize: definition.pageSize || 30, unpagedCeiling: ceiling, search, counts };
    resources.set(typeName, { definition, model, repo: crudRepository(db, model, settings) });
  }
  historyPlans(
    resources,
    (t) => (contract.entitySchema(t)['x-resource'] as { references?: Record<string, string> }).references ?? {},
  );
  // The additive path first, so that a versioned migration may fill a column the schemas just added.
  await underSchemaLock(db, async (tx) => {
    await migrate(
      tx,
      [...resources.values()].map(({ definition, model }) => ({
        model,
        indexed: [
          ...new Set(
            // The search box (q) is no column: the search has its own column and index.
            [definition.sort?.field, ...definition.filters.map((f) => f.field)].filter(
              (f): f is string => !!f && f !== 'id' && model.byName.has(f),
            ),
          ),
        ],
        unique: definition.unique,
      })),
    );
  });
  await applyMigrations(db);
  await underSchemaLock(db, async (tx) => {
    // The history's triggers need the function the migrations make.
    await historyTriggers(
      tx,
      [...resources.values()].flatMap(({ model }) =>
        model.history ? [{ table: model.table, source: historyTriggerSource(model.history) }] : [],
      ),
    );
    // A single-record resource (general settings) always has its record, with the schema's defaults: made
    // under the lock, so that processes starting together on an empty database make one.
    for (const { definition, model } of resources.values()) {
      if (definition.single && !(await tx.query(`SELECT 1 FROM ${quote(model.table)} LIMIT 1`)).rows.length)
        await crudRepository(tx, model).create({});
    }
  });
  return { resources, definitions: new Map(definitions.map((d) => [d.name, d])) };
}

function accessInfo(resources: Map<string, Resource>): Map<string, ResourceAccessInfo> {
  // Whatever a table, a filter or a form points to is a lookup: everybody signed in may read what a picker shows of it.
  const formReferences = (d: ResourceDefinition) =>
    Object.values(d.form.uiSchema).map(
      (u) => (u as { 'ui:options'?: { resource?: string } } | null)?.['ui:options']?.resource,
    );
  const referenced = new Set(
    [...resources.values()].flatMap((r) =>
      [
        ...[...r.definition.columns, ...r.definition.filters].map((c) => c.reference),
        ...formReferences(r.definition),
      ].filter(Boolean),
    ),
  );
  return new Map(
    [...resources.entries()].map(([typeName, r]) => [
      typeName,
      {
        typeName,
        roles: r.definition.roles,
        readers: r.definition.readers,
        isLookup: referenced.has(r.definition.name),
      },
    ]),
  );
}

/** Fastify's trustProxy from the setting: none, any ("true"), or addresses and CIDRs. */
function trustProxy(setting: string | undefined): boolean | string[] {
  const value = setting?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((a) => a.trim());
}

function secretFor(options: AppOptions, dataDir: string): string {
  if (options.jwtSecret ?? process.env.JWT_SECRET) return (options.jwtSecret ?? process.env.JWT_SECRET) as string;
  // Demo mode: a random secret kept beside the data, so tokens survive a restart.
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Every module's handlers by operationId; two modules handling one operation is a mistake found at start. */
function namedHandlers(modules: readonly ServerModule[]): Map<OperationId, AnyHandler<AppContext>> {
  const all = new Map<OperationId, AnyHandler<AppContext>>();
  for (const m of modules)
    for (const [id, handler] of anyHandlers(m.handlers)) {
      if (all.has(id)) throw new Error(`two modules handle ${id}`);
      all.set(id, handler);
    }
  return all;
}

export async function buildApp(options: AppOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'crm-data-'));
  // An embedded database this app opens is its own: in memory, or in a data directory no other process holds.
  const embedded = !options.db && !options.databaseUrl;
  const lock = options.dataDirLock ?? (embedded && options.dataDir ? await lockDataDir(options.dataDir) : null);
  let db = options.db;
  try {
    db ??= await createDb({
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined,
    });
    return await assemble(options, dataDir, db, { exclusive: embedded, release: () => lock?.release() });
  } catch (err) {
    if (!options.db) await db?.close().catch(() => {});
    lock?.release();
    throw err;
  }
}

async function assemble(
  options: AppOptions,
  dataDir: string,
  openedDb: Db,
  ownership: {
    /** No other process uses this database (PGlite opened here): what another process left unfinished is over. */
    exclusive: boolean;
    release: () => void;
  },
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const contract = loadContract();
  const db = withHistoryTransactions(openedDb);
  const { resources, definitions } = await loadResources(db, contract);
  const config: ServerConfig = {
    dataDir,
    accessTokenTtl: options.accessTokenTtl ?? Number(process.env.ACCESS_TOKEN_TTL ?? 900),
    refreshTokenTtl: options.refreshTokenTtl ?? Number(process.env.REFRESH_TOKEN_TTL ?? 30 * 24 * 3600),
    maxUploadBytes: options.maxUploadBytes ?? Number(process.env.MAX_UPLOAD_BYTES ?? 20 * 1024 * 1024),
    unpagedCeiling: unpagedCeiling(contract),
    routingUrl: options.routingUrl === undefined ? process.env.ROUTING_URL || null : options.routingUrl,
  };
  const limits: AppLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const storageRoot = path.resolve(options.storageDir ?? (process.env.STORAGE_DIR || dataDir));
  const secret = secretFor(options, dataDir);
  const microsoft = options.microsoft === undefined ? microsoftConfigFromEnv(process.env) : options.microsoft;
  const accessByType = accessInfo(resources);
  // The one place a resource's records get their contract type: the table was built from the same schema.
  const resourceOf = <N extends ResourceTypeName>(typeName: N): Resource<RecordOf<N>> => {
    const r = resources.get(typeName);
    if (!r) throw new Error(`no stored resource ${typeName}`);
    return r as unknown as Resource<RecordOf<N>>;
  };
  const lookupFieldsByType = new Map(
    [...resources.entries()]
      .filter(([typeName]) => accessByType.get(typeName)?.isLookup)
      .map(([typeName, r]) => [
        typeName,
        lookupFields(
          r.definition,
          (f) => r.model.byName.has(f),
          (contract.entitySchema(typeName).required ?? []) as string[],
        ),
      ]),
  );
  const refreshTokens = createRefreshTokens(
    db,
    config.refreshTokenTtl,
    secret,
    Math.max(config.accessTokenTtl, HUB_TOKEN_MAX_TTL),
  );
  const ctx: AppContext = {
    db,
    contract,
    config,
    tokens: createTokenService(secret, config.accessTokenTtl),
    refreshTokens,
    deviceCookies: createDeviceCookies(secret),
    storage: directoryStorage(storageRoot),
    hub: createHub(db, limits.hub, (err, what) => app.log.error({ err }, what)),
    mail: createMail(
      db,
      { ...mailOptionsFromEnv(process.env), ...options.mail },
      { maxAttachmentBytes: config.maxUploadBytes, exclusive: ownership.exclusive },
    ),
    erp: options.erp ?? demoErp(resourceOf('ClienteErp'), db),
    verifyMicrosoft: microsoftVerifier(microsoft),
    loginGuard: createLoginGuard(db, { stepMs: limits.loginStepMs }),
    passwords: createPasswordService(
      createConcurrencyGate({
        limit: limits.hashConcurrency,
        maxWaiting: limits.hashQueue,
        waitMs: limits.hashWaitMs,
        busyMessage: MESSAGES.loginBusy,
        reserved: { places: limits.hashReserved, maxPriority: FIRST_TRY_PRIORITY },
      }),
      options.passwordCost,
    ),
    resources,
    resource: resourceOf,
    resourceNamed: (name) => resources.get(pascal(name)),
    definitions,
    handler: () => undefined,
    access: (op) => operationAccess(op.operationId, accessByType),
    exportAccess: (op) => exportAccess(op.operationId, accessByType),
    documentTokenOwner: (code) => negotiationWithDocumentToken(db, code),
    userStates: createUserStates(
      (id) => userState(db, id),
      (id) => refreshTokens.endedSessionsOf(id),
    ),
    readableFields(typeName, roles) {
      const info = accessByType.get(typeName);
      const fields = lookupFieldsByType.get(typeName);
      if (!info || !fields || isAllowed(wholeListAccess(info), roles)) return null;
      return fields;
    },
    exportGates: createExportGates(limits.exports),
  };

  const app = Fastify({
    logger: loggerOptions(options.log ?? { level: 'warn' }),
    trustProxy: trustProxy(options.trustProxy ?? process.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: {
      querystringParser: (s: string) => qs.parse(s, { depth: 1, arrayLimit: 200 }) as Record<string, unknown>,
    },
  });
  const validators = createValidators(contract);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    validators.lazy(httpPart === 'body' ? validators.strict : validators.coercing, schema as Record<string, unknown>),
  );
  // Answers are written by serializers compiled from the contract; checked as well in tests and debugging.
  app.setSerializerCompiler(
    createSerializerCompiler(contract, validators, {
      check: options.checkResponses ?? checkResponsesFromEnv(process.env),
      log: () => app.log,
    }),
  );
  app.setErrorHandler(createErrorHandler((node) => contract.resolve(node)));
  // Parsed only where the browser sends cookies: the device cookie goes to the login alone.
  await app.register(cookie, { secret: deviceCookieSecret(secret) });
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes } });
  const runtime = {
    apiBase: options.apiPublicUrl ?? '',
    msClientId: microsoft?.clientId ?? '',
    msTenantId: microsoft?.tenantId ?? '',
    mapTileUrl: process.env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapGeocoderUrl: process.env.MAP_GEOCODER_URL ?? 'https://nominatim.openstreetmap.org/search',
  };
  securityHeaders(app, runtime);
  await app.register(rateLimit, { global: false, errorResponseBuilder: (_req, context) => rateLimited(context.ttl) });

  const named = namedHandlers(MODULES);
  const writeRules = new Map(MODULES.flatMap((m) => Object.entries(m.writeRules ?? {})));
  // Which handler runs an operation: a module's named one, else the generic one of a stored resource
  // (with its write rule), else one a module chooses by the operation's shape (src/server/README.md).
  const handlerFor = (op: ApiOperation): AnyHandler<AppContext> | undefined =>
    named.get(op.operationId) ??
    genericHandler(op, ctx, (typeName) => writeRules.get(typeName)) ??
    MODULES.reduce<AnyHandler<AppContext> | undefined>((found, m) => found ?? m.handlerFor?.(op, ctx), undefined);
  ctx.handler = (operationId, within = ctx) => {
    const op = contract.operations.find((o) => o.operationId === operationId);
    const handler = op && handlerFor(op);
    return handler && ((req) => handler(req, within));
  };
  // Answers that declare `references` name the records their rows point to (crud/referenceLabels.ts).
  // A list asked for some fields answers only those (crud/sparseRows.ts), and the names of what they point to.
  registerOperations(
    app,
    ctx,
    (op) => withReferenceLabels(ctx, op, withSparseRows(ctx, op, handlerFor(op))),
    ctx.access,
    publicRateLimits,
  );
  await apiDocs(app);
  if (!(options.webRoot && (await webApp(app, options.webRoot, runtime)))) {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ code: 404, message: MESSAGES.routeNotFound }));
  }
  ctx.hub.onUserChanged((id) => (id === null ? ctx.userStates.clear() : ctx.userStates.forget(id)));
  await ctx.hub.start();
  for (const m of MODULES) m.start?.(ctx);
  await ctx.mail.start(app.log);
  // Files no record names (an upload killed before its COMMIT): removed at start, before any request.
  const sweeper = await startSweeper(
    db,
    ctx.storage,
    MODULES.flatMap((m) => m.files?.(ctx) ?? []),
    { exclusive: ownership.exclusive && storageRoot === path.resolve(dataDir), log: app.log },
  );
  app.addHook('onClose', async () => {
    await sweeper.stop();
    await ctx.mail.stop();
    await ctx.hub.stop();
    if (!options.db) await db.close();
    ownership.release();
  });
  return { app, ctx };
}
