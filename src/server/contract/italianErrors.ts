import type { ErrorObject } from 'ajv';
import localizeModule from 'ajv-i18n';
import type { Violation } from '../http/httpError.ts';
import { fieldMessage, schemaAt, type SchemaNode } from '../../domain/validationMessages.ts';

const localize = (localizeModule as unknown as { default?: typeof localizeModule }).default ?? localizeModule;

/** The schema of the field at a path of a request part (body, query…), or undefined when unknown. */
export type FieldLookup = (path: string[]) => SchemaNode | undefined;

/** A lookup below the schema a request part was validated with; `resolve` follows the contract's $refs. */
export function fieldLookup(root: SchemaNode | undefined, resolve: (node: SchemaNode) => SchemaNode): FieldLookup {
  return (path) => (root ? schemaAt(root, path, resolve) : undefined);
}

function pathOf(e: ErrorObject): string[] {
  const path = e.instancePath.split('/').slice(1);
  const params = e.params as { missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string };
  const child = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  return child ? [...path, child] : path;
}

/**
 * ajv errors as Italian field violations, one per field, most useful first: sentences that name the field by
 * its schema title (src/domain/validationMessages.ts), the same the forms show.
 */
export function italianViolations(
  errors: ErrorObject[],
  prefix = '',
  lookup: FieldLookup = () => undefined,
): Violation[] {
  const localized = errors.map((e) => ({ ...e }));
  localize.it(localized);
  const out: Violation[] = [];
  errors.forEach((e, i) => {
    // oneOf/anyOf/if repeat what their branches already said.
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') return;
    const path = pathOf(e);
    const field = `${prefix}${path.join('.') || '(richiesta)'}`;
    if (out.some((v) => v.field === field)) return;
    const message = fieldMessage(
      { keyword: e.keyword, params: e.params as Record<string, unknown> },
      lookup(path),
      path.at(-1) ?? 'richiesta',
      localized[i]?.message,
    );
    out.push({ field, message });
  });
  return out;
}
