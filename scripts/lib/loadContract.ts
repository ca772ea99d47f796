import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv/dist/2020.js';
import YAML from 'yaml';
import { createConfig, lint } from '@redocly/openapi-core';
import { ContractError, type ContractProblem } from './contractError.ts';
import { xResourceVocabulary } from './xResourceVocabulary.ts';
import { createAjv } from '../../src/domain/createAjv.ts';

export type Schema = Record<string, unknown>;

export interface EntitySchema {
  /** camelCase resource name, e.g. famigliaMezzo. */
  name: string;
  /** PascalCase type name, e.g. FamigliaMezzo. */
  typeName: string;
  /** File name without extension, e.g. famiglia-mezzo. */
  file: string;
  schema: Schema;
}

export interface Contract {
  root: string;
  entities: EntitySchema[];
  common: Schema;
  openapi: Schema;
}

export const COMMON_FILE = 'common';

export const pascalCase = (file: string): string =>
  file
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
export const camelCase = (file: string): string => {
  const p = pascalCase(file);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

const ajvProblem =
  (file: string, prefix: string) =>
  (e: ErrorObject): ContractProblem => {
    const extra =
      e.keyword === 'additionalProperties'
        ? `: unknown key "${String((e.params as { additionalProperty: string }).additionalProperty)}"`
        : e.keyword === 'enum'
          ? `: ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`
          : '';
    return { file, pointer: `${prefix}${e.instancePath}`, reason: `${e.message ?? e.keyword}${extra}` };
  };

function readSchemaFiles(root: string, problems: ContractProblem[]): Map<string, Schema> {
  const dir = path.join(root, 'schemas');
  const files = new Map<string, Schema>();
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const file = `schemas/${name}`;
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        problems.push({ file, pointer: '', reason: 'a schema must be a JSON object' });
      } else files.set(name.replace(/\.json$/, ''), parsed as Schema);
    } catch (err) {
      problems.push({ file, pointer: '', reason: `invalid JSON: ${(err as Error).message}` });
    }
  }
  return files;
}

function checkFieldNames(file: string, schema: Schema, names: Set<string>, problems: ContractProblem[]): void {
  const props = new Set(Object.keys(schema.properties ?? {}));
  const x = (schema['x-resource'] ?? {}) as Record<string, unknown>;
  const check = (pointer: string, field: unknown) => {
    if (typeof field === 'string' && !props.has(field)) {
      problems.push({ file, pointer: `/x-resource${pointer}`, reason: `"${field}" is not a property of this schema` });
    }
  };
  for (const key of ['columns', 'form', 'unique', 'search'] as const) {
    ((x[key] ?? []) as unknown[]).forEach((f, i) => check(`/${key}/${i}`, f));
  }
  ((x.filters ?? []) as { field?: unknown }[]).forEach((f, i) => check(`/filters/${i}/field`, f.field));
  ((x.indexes ?? []) as { fields?: unknown[] }[]).forEach((index, i) =>
    (index.fields ?? []).forEach((f, j) => f !== 'id' && check(`/indexes/${i}/fields/${j}`, f)),
  );
  ((x.sections ?? []) as { fields?: unknown[] }[]).forEach((s, i) =>
    (s.fields ?? []).forEach((f, j) => check(`/sections/${i}/fields/${j}`, f)),
  );
  const key = (x.import as { key?: unknown } | undefined)?.key;
  (Array.isArray(key) ? key : [key]).forEach((f, i) =>
    check(Array.isArray(key) ? `/import/key/${i}` : '/import/key', f),
  );
  const sort = x.sort as { field?: unknown } | undefined;
  if (sort) check('/sort/field', sort.field);
  check('/display', x.display);
  const chip = x.colorChip as { background?: unknown; text?: unknown } | undefined;
  if (chip) {
    check('/colorChip/background', chip.background);
    check('/colorChip/text', chip.text);
  }
  for (const key of ['widgets', 'references', 'toggles', 'priority'] as const) {
    for (const f of Object.keys(x[key] ?? {})) check(`/${key}/${f}`, f);
  }
  for (const [f, target] of Object.entries((x.references ?? {}) as Record<string, string>)) {
    if (!names.has(target))
      problems.push({
        file,
        pointer: `/x-resource/references/${f}`,
        reason: `no schema defines the resource "${target}"`,
      });
  }
}

function validateSchemas(files: Map<string, Schema>, problems: ContractProblem[]): void {
  const ajv = createAjv();
  ajv.addKeyword('x-resource');
  const validateXResource = ajv.compile(xResourceVocabulary);
  const common = files.get(COMMON_FILE);
  const roleNames = new Set(
    (
      ((common?.$defs as Schema | undefined)?.RoleName as Schema | undefined)?.oneOf as { const: string }[] | undefined
    )?.map((o) => o.const) ?? [],
  );
  const names = new Set([...files.keys()].filter((f) => f !== COMMON_FILE).map(camelCase));
  const valid: string[] = [];
  for (const [name, schema] of files) {
    const file = `schemas/${name}.json`;
    const before = problems.length;
    if (!ajv.validateSchema(schema)) problems.push(...(ajv.errors ?? []).map(ajvProblem(file, '')));
    if (name !== COMMON_FILE) {
      if (!('x-resource' in schema))
        problems.push({ file, pointer: '', reason: 'missing the "x-resource" metadata block' });
      else if (!validateXResource(schema['x-resource']))
        problems.push(...(validateXResource.errors ?? []).map(ajvProblem(file, '/x-resource')));
      if (schema.type !== 'object')
        problems.push({ file, pointer: '/type', reason: 'an entity schema must have type "object"' });
      checkFieldNames(file, schema, names, problems);
      for (const key of ['roles', 'readers'] as const) {
        const roles = ((schema['x-resource'] as Schema | undefined)?.[key] ?? []) as string[];
        roles.forEach((r, i) => {
          if (!roleNames.has(r))
            problems.push({ file, pointer: `/x-resource/${key}/${i}`, reason: `unknown role "${r}"` });
        });
      }
    }
    if (problems.length === before) {
      ajv.addSchema(schema, `${name}.json`);
      valid.push(name);
    }
  }
  // Compiling resolves every $ref between files.
  for (const name of valid) {
    try {
      ajv.getSchema(`${name}.json`);
    } catch (err) {
      problems.push({ file: `schemas/${name}.json`, pointer: '', reason: (err as Error).message });
    }
  }
}

async function loadOpenapi(root: string, problems: ContractProblem[]): Promise<Schema> {
  const file = 'openapi.yaml';
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const doc = YAML.parseDocument(text);
  if (doc.errors.length > 0) {
    problems.push(
      ...doc.errors.map((e) => ({ file, pointer: '', reason: `line ${e.linePos?.[0]?.line ?? '?'}: ${e.message}` })),
    );
    return {};
  }
  const config = await createConfig({ extends: ['minimal'], rules: { 'no-unresolved-refs': 'error' } });
  const results = await lint({ ref: path.join(root, file), config });
  for (const p of results.filter((r) => r.severity === 'error')) {
    const loc = p.location[0];
    const source = loc ? path.relative(root, loc.source.absoluteRef) : file;
    problems.push({ file: source, pointer: loc?.pointer?.replace(/^#/, '') ?? '', reason: p.message });
  }
  return doc.toJS() as Schema;
}

/** Reads and checks openapi.yaml and schemas/; throws a ContractError listing every problem. */
export async function loadContract(root: string): Promise<Contract> {
  const problems: ContractProblem[] = [];
  const files = readSchemaFiles(root, problems);
  validateSchemas(files, problems);
  const openapi = await loadOpenapi(root, problems);
  if (problems.length > 0) throw new ContractError(problems);
  const entities = [...files.entries()]
    .filter(([file]) => file !== COMMON_FILE)
    .map(([file, schema]) => ({ name: camelCase(file), typeName: pascalCase(file), file, schema }));
  return { root, entities, common: files.get(COMMON_FILE) ?? {}, openapi };
}
