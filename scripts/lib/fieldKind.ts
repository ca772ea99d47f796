import type { EnumOption, FieldKind } from '../../src/domain/resourceDefinition.ts';
import { mainType, type ResolvedProperty } from './resolveProperty.ts';
import type { Schema } from './loadContract.ts';

/**
 * What a schema states with `x-kind` (on the property or on the common.json definition it refers to), and
 * the JSON types each may have. A number's meaning (euros, percent, kilometres…) is never guessed from its
 * step or its name: it is written down.
 */
export const STATED_KINDS = {
  money: ['number', 'integer'],
  percentage: ['number', 'integer'],
  quantity: ['number', 'integer'],
  duration: ['integer'],
  fileSize: ['integer'],
  phone: ['string'],
  color: ['string'],
  siNo: ['string'],
  triState: ['string'],
} as const satisfies Partial<Record<FieldKind, readonly string[]>>;
export type StatedKind = keyof typeof STATED_KINDS;

const BY_FORMAT: Record<string, FieldKind> = {
  date: 'date',
  'date-time': 'dateTime',
  'time-hhmm': 'time',
  email: 'email',
  uri: 'url',
  'partita-iva': 'partitaIva',
  'codice-fiscale': 'codiceFiscale',
};
const LONG_TEXT = 1000;

export const isStatedKind = (k: unknown): k is StatedKind => typeof k === 'string' && k in STATED_KINDS;

/** Chooses what a field is from its schema: one rule table, used for cells, widgets, filters and exports. */
export function fieldKind(
  prop: ResolvedProperty,
  reference: string | undefined,
  widget: string | undefined,
): FieldKind {
  const s = prop.schema;
  const type = mainType(s);
  if (reference) return type === 'array' ? 'references' : 'reference';
  if (widget === 'image') return 'image';
  if (widget === 'color') return 'color';
  if (isStatedKind(s['x-kind'])) return s['x-kind'];
  if (Array.isArray(s.oneOf) || Array.isArray(s.enum)) return 'enum';
  const byFormat = typeof s.format === 'string' ? BY_FORMAT[s.format] : undefined;
  if (byFormat) return byFormat;
  switch (type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'list';
    case 'object':
      return 'object';
    default:
      return typeof s.maxLength === 'number' && s.maxLength > LONG_TEXT ? 'longText' : 'text';
  }
}

/** Value/label pairs of an enumeration written as oneOf const/title or enum. */
export function enumOptions(s: Schema): EnumOption[] | undefined {
  if (Array.isArray(s.oneOf)) {
    // A null branch lets a nullable field be empty, which every cell and widget already shows as empty.
    return (s.oneOf as Schema[])
      .filter((o) => o.const !== null)
      .map((o) => ({
        value: o.const as EnumOption['value'],
        label: String(o.title ?? o.const),
      }));
  }
  if (Array.isArray(s.enum)) return (s.enum as EnumOption['value'][]).map((v) => ({ value: v, label: String(v) }));
  // A list of enumerated values (a user's roles) shows each value's label.
  if (s.type === 'array' && s.items && typeof s.items === 'object') return enumOptions(s.items as Schema);
  return undefined;
}
