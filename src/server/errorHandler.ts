import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { fieldLookup, italianViolations } from './contract/italianErrors.ts';
import type { SchemaNode } from '../domain/validationMessages.ts';
import { HttpError, MESSAGES } from './http/httpError.ts';
import { loggableUrl } from './security/logging.ts';

const PG_ERRORS: Record<string, [number, string]> = {
  '23505': [409, MESSAGES.duplicate],
  '23503': [409, MESSAGES.inUse],
  '22P02': [400, MESSAGES.invalid],
  '22003': [400, MESSAGES.invalid],
  '22007': [400, MESSAGES.invalid],
  '22008': [400, MESSAGES.invalid],
  '22001': [400, MESSAGES.invalid],
  // A NUL byte or a character the database cannot store; a value too long for an index.
  '22021': [400, MESSAGES.nul],
  '22P05': [400, MESSAGES.nul],
  '54000': [400, MESSAGES.invalid],
};

/**
 * A database's refusal of bad input (a duplicate, a value it cannot store) as the API says it, naming the
 * field of a duplicate; undefined for any other failure.
 */
export function databaseRefusal(error: { code?: unknown; constraint?: unknown }): HttpError | undefined {
  const known = typeof error.code === 'string' ? PG_ERRORS[error.code] : undefined;
  if (!known) return undefined;
  const [status, message] = known;
  // Unique indexes are named <table>_<field>_key, so the duplicate is shown next to its field.
  const field = error.code === '23505' ? /^[^_]+_(.+)_key$/.exec(String(error.constraint ?? ''))?.[1] : undefined;
  return new HttpError(status, message, field ? [{ field, message: MESSAGES.duplicateValue }] : undefined);
}

type Failure = FastifyError & { validation?: ErrorObject[]; validationContext?: string; code?: string };

/**
 * Every failure leaves as the one Error shape: { code, message, violations? }, in Italian. Validation messages
 * name the field by its title, found in the route's schema; `resolve` follows the contract's $refs.
 */
export function createErrorHandler(resolve: (node: SchemaNode) => SchemaNode) {
  return (error: Failure, request: FastifyRequest, reply: FastifyReply) => errorHandler(error, request, reply, resolve);
}

function errorHandler(
  error: Failure,
  request: FastifyRequest,
  reply: FastifyReply,
  resolve: (node: SchemaNode) => SchemaNode,
) {
  let status = 500;
  let body: { code: number; message: string; violations?: { field: string; message: string }[] };
  if (error instanceof HttpError) {
    status = error.statusCode;
    if (error.retryAfter) reply.header('Retry-After', String(error.retryAfter));
    body = { code: status, message: error.message, ...(error.violations ? { violations: error.violations } : {}) };
  } else if (error.validation) {
    status = 400;
    const part = error.validationContext ?? '';
    const prefix = part === 'body' ? '' : `${part}.`;
    const root = (request.routeOptions.schema as Record<string, SchemaNode> | undefined)?.[part];
    body = {
      code: 400,
      message: MESSAGES.invalid,
      violations: italianViolations(error.validation, prefix, fieldLookup(root, resolve)),
    };
  } else if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    status = 400;
    body = { code: 400, message: MESSAGES.invalidJson };
  } else if (
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
    error.code === 'FST_REQ_FILE_TOO_LARGE' ||
    error.statusCode === 413
  ) {
    status = 413;
    body = { code: 413, message: MESSAGES.tooLarge };
  } else if (databaseRefusal(error)) {
    const refusal = databaseRefusal(error) as HttpError;
    status = refusal.statusCode;
    body = {
      code: status,
      message: refusal.message,
      ...(refusal.violations ? { violations: refusal.violations } : {}),
    };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = 400;
    body = { code: 400, message: MESSAGES.invalid };
  } else {
    body = { code: 500, message: MESSAGES.generic };
  }
  const where = { status, method: request.method, url: loggableUrl(request.url), ip: request.ip };
  if (status >= 500) request.log.error({ ...where, err: error }, 'request failed');
  // Refusals are what an attack looks like: kept in the log even when request logging is off.
  else if ([401, 403, 423, 429].includes(status))
    request.log.warn({ ...where, reason: body.message }, 'request refused');
  else request.log.info({ ...where, reason: body.message }, 'request rejected');
  return reply.code(status).type('application/json').send(JSON.stringify(body));
}
