import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { loadContract } from '../../src/server/contract/contract.ts';
import { fieldLookup, italianViolations } from '../../src/server/contract/italianErrors.ts';
import { createValidators, strictBodySchema } from '../../src/server/contract/validators.ts';
import { formValidator, italianFormErrors } from '../../src/web/resources/formValidator.ts';
import type { SchemaNode } from '../../src/domain/validationMessages.ts';

/**
 * Every field of every schema that a person can get wrong (a pattern, a format, a bound, a type, a required
 * field) is fed a bad value, on the server's validator and on the web form's: both must answer one Italian
 * sentence that names the field by its title, with no regular expression, no comparison sign, no English.
 */
const contract = loadContract();
const validators = createValidators(contract);
const resolve = (n: SchemaNode) => contract.resolve<SchemaNode>(n);
const definitions = await Promise.all(Object.values(resourceIndex).map((r) => r.load()));

const REGEX_OR_AJV = /[\\^$*+?|[\]{}<>]|deve corrispondere|deve essere di tipo/;
const ENGLISH =
  /\b(must|should|be|match(es)?|pattern|format|property|properties|characters?|items?|equal|less|more|than|greater|allowed|invalid|required|integer|string|number|boolean|array|object|null|type)\b/i;

/** The title as a sentence may say it: without its unit in brackets or its € and % signs, any case. */
const spoken = (title: string) =>
  title
    .replace(/\([^)]*\)|[%€]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

interface Case {
  entity: string;
  /** Path of the field in a body: ["articoliGruppo", "0", "price"]. */
  path: string[];
  title: string;
  keyword: string;
  /** The bad value, or undefined for a missing required field. */
  value: unknown;
}

const FORMAT_BAD: Record<string, string> = {
  email: 'non-una-email',
  uri: 'non un indirizzo',
  date: '31-12-2026',
  'date-time': '31-12-2026 10:00',
  'time-hhmm': '25:99',
  'partita-iva': '00743110158',
  'codice-fiscale': 'RSSMRA85T10A562T',
};

const mainType = (s: SchemaNode) =>
  (Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type) as string | undefined;

/** One bad value per check the field has. */
function badValues(s: SchemaNode): [string, unknown][] {
  const out: [string, unknown][] = [];
  const type = mainType(s);
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    const bad = ['x', '#', 'ab', '1234', ',,', 'a b', 'àè'].find((v) => !re.test(v));
    if (bad !== undefined) out.push(['pattern', bad]);
  }
  if (typeof s.format === 'string' && FORMAT_BAD[s.format]) out.push(['format', FORMAT_BAD[s.format]]);
  if (typeof s.minimum === 'number') out.push(['minimum', s.minimum - 1]);
  if (typeof s.maximum === 'number') out.push(['maximum', s.maximum + 1]);
  if (typeof s.maxLength === 'number') out.push(['maxLength', 'x'.repeat(s.maxLength + 1)]);
  if (typeof s.minLength === 'number' && s.minLength > 1) out.push(['minLength', 'x'.repeat(s.minLength - 1)]);
  if (s.multipleOf === 0.01) out.push(['multipleOf', 1.005]);
  if (type === 'number' || type === 'integer') out.push(['type', 'dodici']);
  if (type === 'integer') out.push(['type', 1.5]);
  if (Array.isArray(s.oneOf)) out.push(['const', 'valore inventato']);
  return out;
}

function casesOf(entity: string, schema: SchemaNode): Case[] {
  const out: Case[] = [];
  const walk = (props: Record<string, SchemaNode>, required: string[], prefix: string[]) => {
    for (const [name, raw] of Object.entries(props)) {
      const s = resolve(raw);
      if (s.readOnly) continue;
      const path = [...prefix, name];
      const title = String(s.title ?? name);
      for (const [keyword, value] of badValues(s)) out.push({ entity, path, title, keyword, value });
      if (required.includes(name)) out.push({ entity, path, title, keyword: 'required', value: undefined });
      const items = s.items ? resolve(s.items as SchemaNode) : undefined;
      if (items?.properties)
        walk(items.properties as Record<string, SchemaNode>, (items.required ?? []) as string[], [...path, '0']);
    }
  };
  walk((schema.properties ?? {}) as Record<string, SchemaNode>, (schema.required ?? []) as string[], []);
  return out;
}

/** A body with only the bad value (or without the required field), nested where the field is. */
function bodyOf(c: Case): Record<string, unknown> {
  const build = (path: string[]): unknown => {
    const [head, ...rest] = path;
    if (head === undefined) return c.value;
    if (/^\d+$/.test(head)) return [build(rest)];
    return rest.length === 0 && c.value === undefined ? {} : { [head]: build(rest) };
  };
  return build(c.path) as Record<string, unknown>;
}

const typeNames = definitions.map((d) => ({
  def: d,
  typeName: d.name.charAt(0).toUpperCase() + d.name.slice(1),
}));
const cases = typeNames.flatMap(({ typeName }) =>
  casesOf(typeName, resolve({ $ref: `#/components/schemas/${typeName}` })),
);

function expectItalianSentence(message: string | undefined, c: Case) {
  const where = `${c.entity}.${c.path.join('.')} (${c.keyword} ${JSON.stringify(c.value)})`;
  expect(message, where).toBeDefined();
  const m = String(message);
  expect(m, where).toMatch(/^[A-ZÀ-Ý]/);
  expect(m.toLowerCase(), where).toContain(spoken(c.title));
  expect(m, where).not.toMatch(REGEX_OR_AJV);
  expect(m, where).not.toMatch(ENGLISH);
}

describe('Italian validation messages, server and form alike, for every checked field of every schema', () => {
  it('covers the fields people get wrong', () => {
    const keywords = new Set(cases.map((c) => c.keyword));
    for (const k of ['pattern', 'format', 'minimum', 'maximum', 'maxLength', 'minLength', 'type', 'required'])
      expect(keywords).toContain(k);
    expect(cases.length).toBeGreaterThan(300);
  });

  it.each(typeNames.map((t) => [t.typeName, t] as const))('%s: the server names the field', (_name, { typeName }) => {
    const root = strictBodySchema({ $ref: `#/components/schemas/${typeName}` });
    const validate = validators.compile(validators.strict, root);
    for (const c of cases.filter((x) => x.entity === typeName)) {
      expect(validate(bodyOf(c)), `${typeName}.${c.path.join('.')} accepted ${JSON.stringify(c.value)}`).toBe(false);
      const violations = italianViolations(validate.errors ?? [], '', fieldLookup(root, resolve));
      expectItalianSentence(violations.find((v) => v.field === c.path.join('.'))?.message, c);
    }
  });

  it.each(typeNames.map((t) => [t.typeName, t] as const))(
    '%s: the form names the field',
    (_name, { typeName, def }) => {
      const schema = def.form.schema as RJSFSchema;
      const inForm = new Set(Object.keys(schema.properties ?? {}));
      for (const c of cases.filter((x) => x.entity === typeName && inForm.has(x.path[0] ?? ''))) {
        const { errors } = formValidator.validateFormData(bodyOf(c), schema, undefined, italianFormErrors(schema));
        // RJSF writes ".field" for a value and "field" for a missing one.
        const at = (e: { property?: string }) => (e.property ?? '').replace(/^\./, '') === c.path.join('.');
        expectItalianSentence(errors.find(at)?.message, c);
      }
    },
  );
});
