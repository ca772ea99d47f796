import type { ContractProblem } from './contractError.ts';
import { isStatedKind, STATED_KINDS } from './fieldKind.ts';
import type { EntitySchema, Schema } from './loadContract.ts';
import { mainType, resolveProperty, type ResolveContext } from './resolveProperty.ts';

/** The x- keys a property may carry (schemas/README.md); any other is a typo that would silently do nothing. */
const PROPERTY_KEYS = new Set(['x-kind', 'x-messages', 'x-server-set', 'x-written-by']);
/** Keywords an `x-messages` entry may speak for, besides those the property itself carries. */
const ALWAYS = new Set(['required', 'type']);
const CHECKS = [
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  'oneOf',
];
/** What a person must never read in a message: the pieces of a regular expression or ajv's comparisons. */
export const REGEX_TEXT = /[\\^$*+?|[\]{}]|<=|>=/;
/** A title naming euros or percent is a promise about the kind. */
const TITLE_KIND: [RegExp, string][] = [
  [/€/, 'money'],
  [/%/, 'percentage'],
];

/**
 * The field vocabulary of every property (nested ones too): `x-kind` among the stated kinds and fitting the
 * type; `x-messages` Italian sentences for keywords the property has, one for every `pattern` (a pattern
 * means nothing to a person); a title with € or % matching its kind.
 */
export function checkFieldVocabulary(entity: EntitySchema, ctx: ResolveContext, problems: ContractProblem[]): void {
  const file = `schemas/${entity.file}.json`;
  const visit = (props: Record<string, Schema>, pointer: string) => {
    for (const [name, raw] of Object.entries(props)) {
      const here = `${pointer}/${name}`;
      for (const key of Object.keys(raw))
        if (key.startsWith('x-') && !PROPERTY_KEYS.has(key))
          problems.push({
            file,
            pointer: `${here}/${key}`,
            reason: `unknown key: a property may carry ${[...PROPERTY_KEYS].join(', ')}`,
          });
      const s = resolveProperty(raw, ctx).schema;
      const kind = s['x-kind'];
      if (kind !== undefined) {
        if (!isStatedKind(kind))
          problems.push({
            file,
            pointer: `${here}/x-kind`,
            reason: `unknown kind ${JSON.stringify(kind)}: one of ${Object.keys(STATED_KINDS).join(', ')}`,
          });
        else if (!(STATED_KINDS[kind] as readonly string[]).includes(mainType(s) ?? ''))
          problems.push({
            file,
            pointer: `${here}/x-kind`,
            reason: `"${kind}" needs type ${STATED_KINDS[kind].join(' or ')}, not ${mainType(s) ?? 'none'}`,
          });
      }
      const messages = (s['x-messages'] ?? {}) as Record<string, unknown>;
      for (const [keyword, text] of Object.entries(messages)) {
        if (!ALWAYS.has(keyword) && !(CHECKS.includes(keyword) && keyword in s))
          problems.push({
            file,
            pointer: `${here}/x-messages/${keyword}`,
            reason: `the property has no "${keyword}" for this message to explain`,
          });
        if (typeof text !== 'string' || text.trim() === '' || REGEX_TEXT.test(text.replaceAll('{title}', '')))
          problems.push({
            file,
            pointer: `${here}/x-messages/${keyword}`,
            reason: 'a message is an Italian sentence, without regular-expression characters',
          });
      }
      if (typeof s.pattern === 'string' && typeof messages.pattern !== 'string')
        problems.push({
          file,
          pointer: here,
          reason: 'a pattern needs its Italian message in x-messages.pattern (the pattern itself is never shown)',
        });
      const title = typeof s.title === 'string' ? s.title : '';
      for (const [sign, want] of TITLE_KIND)
        if (sign.test(title) && kind !== want)
          problems.push({ file, pointer: here, reason: `the title "${title}" names ${want}: add "x-kind": "${want}"` });
      // Nested fields written here (another entity's file is checked on its own).
      if (raw.properties && typeof raw.properties === 'object')
        visit(raw.properties as Record<string, Schema>, `${here}/properties`);
      const items = raw.items as Schema | undefined;
      if (items && typeof items === 'object' && items.properties)
        visit(items.properties as Record<string, Schema>, `${here}/items/properties`);
    }
  };
  visit((entity.schema.properties ?? {}) as Record<string, Schema>, '/properties');
}
