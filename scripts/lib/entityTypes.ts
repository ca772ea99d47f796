import { compile, type JSONSchema } from 'json-schema-to-typescript';
import type { Contract, Schema } from './loadContract.ts';
import { pascalCase } from './loadContract.ts';
import { COMMON_REF, ENTITY_REF } from './resolveProperty.ts';

// json-schema-to-typescript names a type after every `title` it meets and numbers
// clashes (Nome1, Nome2...), so titles become doc comments and only the
// definitions themselves keep a name. Siblings of a $ref carry no type information.
function forTypes(node: unknown, isDefRoot = false): unknown {
  if (Array.isArray(node)) return node.map((n) => forTypes(n));
  if (!node || typeof node !== 'object') return node;
  const s = node as Schema;
  if (typeof s.$ref === 'string') {
    const common = COMMON_REF.exec(s.$ref);
    const entity = ENTITY_REF.exec(s.$ref);
    const target = common?.[1] ?? (entity?.[1] ? pascalCase(entity[1]) : s.$ref);
    return { $ref: `#/$defs/${target}` };
  }
  const out: Schema = {};
  // `type` next to a oneOf of constants would turn into an intersection with string.
  const constEnum = Array.isArray(s.oneOf) && (s.oneOf as Schema[]).every((o) => 'const' in o);
  for (const [k, v] of Object.entries(s)) {
    if (k === 'x-resource' || k === 'examples' || (k === 'type' && constEnum)) continue;
    if (k === 'title' && !isDefRoot) continue;
    if (k === 'properties' || k === 'patternProperties' || k === '$defs') {
      out[k] = Object.fromEntries(Object.entries(v as Schema).map(([n, p]) => [n, forTypes(p)]));
    } else out[k] = forTypes(v);
  }
  const title = typeof s.title === 'string' ? s.title : undefined;
  if (title && !isDefRoot) out.description = s.description ? `${title}: ${String(s.description)}` : title;
  return out;
}

/** TypeScript types of every entity and shared definition, from schemas/. */
export async function entityTypes(contract: Contract, banner: string): Promise<string> {
  const defs: Schema = {};
  for (const [name, def] of Object.entries((contract.common.$defs ?? {}) as Record<string, Schema>)) {
    defs[name] = { ...(forTypes(def, true) as Schema), title: name };
  }
  for (const e of contract.entities) {
    defs[e.typeName] = { ...(forTypes(e.schema, true) as Schema), title: e.typeName };
  }
  const root = { title: 'Entities', $defs: defs, type: 'object', properties: {}, additionalProperties: false };
  const ts = await compile(root as JSONSchema, 'Entities', {
    bannerComment: banner,
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  // The synthetic root only exists to hold the definitions.
  return ts.replace(/export interface Entities \{\}\n/, '');
}
