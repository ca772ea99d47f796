import type { Schema } from './loadContract.ts';

export interface ResolveContext {
  common: Schema;
  /** Entity schemas by file name (without .json). */
  files: Map<string, Schema>;
}

export interface ResolvedProperty {
  schema: Schema;
}

/** A $ref to a shared definition (common.json#/$defs/X) and to another entity file (x.json). */
export const COMMON_REF = /^(?:\.\/)?common\.json#\/\$defs\/([A-Za-z0-9]+)$/;
export const ENTITY_REF = /^(?:\.\/)?([a-z0-9-]+)\.json$/;

/** Replaces $refs with what they point to; siblings of a $ref win over the target. */
export function resolveProperty(prop: Schema, ctx: ResolveContext): ResolvedProperty {
  const ref = typeof prop.$ref === 'string' ? prop.$ref : null;
  if (!ref) return { schema: inlineRefs(prop, ctx) };
  const { $ref: _ignored, ...siblings } = prop;
  const common = COMMON_REF.exec(ref);
  if (common?.[1]) {
    const target = ((ctx.common.$defs ?? {}) as Record<string, Schema>)[common[1]] ?? {};
    return { schema: inlineRefs({ ...target, ...siblings }, ctx) };
  }
  const entity = ENTITY_REF.exec(ref);
  const target = entity?.[1] ? ctx.files.get(entity[1]) : undefined;
  if (!target) throw new Error(`cannot resolve $ref ${ref}`);
  const { 'x-resource': _x, ...rest } = target;
  return { schema: inlineRefs({ ...rest, ...siblings }, ctx) };
}

function inlineRefs(schema: Schema, ctx: ResolveContext): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, resolveProperty(v, ctx).schema]),
      );
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = resolveProperty(value as Schema, ctx).schema;
    } else out[key] = value;
  }
  return out;
}

/** The first non-null JSON type of a schema. */
export function mainType(schema: Schema): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return (t as string[]).find((x) => x !== 'null');
  return typeof t === 'string' ? t : undefined;
}
