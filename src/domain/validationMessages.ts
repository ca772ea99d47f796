import { displayFormats } from './displayFormats.ts';
import { numberFormat } from './numberFormat.ts';
import { italianFormatMessages, type ItalianFormat } from './italianFormats.ts';

/** A JSON Schema node as far as messages need it. */
export type SchemaNode = Record<string, unknown>;

/** One validation failure, as ajv (server) and RJSF (forms) both describe it. */
export interface FailedCheck {
  /** The JSON Schema keyword that failed: maximum, pattern, format, required… */
  keyword: string;
  params: Record<string, unknown>;
}

// ajv's own words for formats the standard defines, as sentences about the field.
const STANDARD_FORMATS: Record<string, string> = {
  email: 'deve essere un indirizzo email valido, ad esempio nome@azienda.it',
  uri: 'deve essere un indirizzo web valido, ad esempio https://www.azienda.it',
  date: 'deve essere una data valida',
  'date-time': 'deve essere una data e ora valida',
  time: 'deve essere un orario valido',
};
const TYPES: Record<string, string> = {
  number: 'deve essere un numero',
  integer: 'deve essere un numero intero',
  string: 'deve essere un testo',
  boolean: 'deve essere Sì o No',
  array: 'deve essere un elenco',
  object: 'non è valido',
  null: 'deve essere vuoto',
};

const asNumber = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

const percentLimit = numberFormat({ style: 'percent', maximumFractionDigits: 2 });

/** A limit in the words of the field: 1,00 € for money, 100% for a percentage. */
function limit(field: SchemaNode, n: number): string {
  switch (field['x-kind']) {
    case 'money':
      return displayFormats.money(n);
    case 'percentage':
      return percentLimit.format(n / 100);
    default:
      return displayFormats.quantity(n);
  }
}

function choices(field: SchemaNode): string {
  const items = field.type === 'array' && field.items && typeof field.items === 'object' ? field.items : field;
  const oneOf = (items as SchemaNode).oneOf;
  const labels = Array.isArray(oneOf)
    ? (oneOf as SchemaNode[]).map((o) => String(o.title ?? o.const)).filter((l) => l !== '')
    : [];
  return labels.length > 0 && labels.length <= 8 ? `: ${labels.join(', ')}` : '';
}

/** The sentence's predicate for a keyword, without the field's name. */
function predicate(check: FailedCheck, field: SchemaNode): string | undefined {
  const p = check.params;
  const min = asNumber(field.minimum);
  const max = asNumber(field.maximum);
  switch (check.keyword) {
    case 'required':
      return 'è obbligatorio';
    case 'type': {
      const t = Array.isArray(p.type) ? String(p.type[0]) : String(p.type ?? field.type);
      return TYPES[t];
    }
    case 'minimum':
    case 'maximum':
      if (min !== undefined && max !== undefined)
        return `deve essere compreso tra ${limit(field, min)} e ${limit(field, max)}`;
      if (check.keyword === 'minimum')
        return min === 0 ? 'non può essere negativo' : `non può essere inferiore a ${limit(field, min ?? 0)}`;
      return `non può essere superiore a ${limit(field, max ?? 0)}`;
    case 'exclusiveMinimum':
      return `deve essere maggiore di ${limit(field, asNumber(p.limit) ?? 0)}`;
    case 'exclusiveMaximum':
      return `deve essere minore di ${limit(field, asNumber(p.limit) ?? 0)}`;
    case 'multipleOf': {
      const step = asNumber(p.multipleOf) ?? asNumber(field.multipleOf) ?? 1;
      if (step === 1) return 'deve essere un numero intero';
      const decimals = Math.round(-Math.log10(step));
      if (10 ** -decimals === step)
        return decimals === 1 ? 'può avere un solo decimale' : `può avere al massimo ${decimals} decimali`;
      return `deve essere un multiplo di ${limit(field, step)}`;
    }
    case 'minLength': {
      const n = asNumber(p.limit) ?? asNumber(field.minLength) ?? 1;
      return n <= 1 ? 'non può essere vuoto' : `deve avere almeno ${n} caratteri`;
    }
    case 'maxLength':
      return `può avere al massimo ${asNumber(p.limit) ?? asNumber(field.maxLength) ?? 0} caratteri`;
    case 'pattern':
      return 'non è nel formato richiesto';
    case 'format':
      return STANDARD_FORMATS[String(p.format)] ?? 'non è nel formato richiesto';
    case 'enum':
    case 'const':
    case 'oneOf':
    case 'anyOf':
      return `deve essere uno dei valori previsti${choices(field)}`;
    case 'minItems':
      return `deve avere almeno ${asNumber(p.limit) ?? 1} ${asNumber(p.limit) === 1 ? 'elemento' : 'elementi'}`;
    case 'maxItems':
      return `può avere al massimo ${asNumber(p.limit) ?? 0} elementi`;
    case 'uniqueItems':
      return 'non può contenere elementi ripetuti';
    default:
      return undefined;
  }
}

/**
 * The Italian sentence for a failed check on one field, naming the field by its schema title:
 * the field's own `x-messages[keyword]` when the schema has one ("{title}" stands for the title), our
 * formats' messages, else a sentence built from the keyword and the field's bounds. `fallback` (ajv-i18n's
 * text) is used only for a keyword this table does not know. No pattern and no English ever comes out.
 */
export function fieldMessage(
  check: FailedCheck,
  field: SchemaNode | undefined,
  name: string,
  fallback?: string,
): string {
  const node = field ?? {};
  const title = typeof node.title === 'string' && node.title !== '' ? node.title : name;
  if (check.keyword === 'additionalProperties' || check.keyword === 'unevaluatedProperties')
    return `Il campo «${name}» non è previsto`;
  const own = (node['x-messages'] as Record<string, string> | undefined)?.[check.keyword];
  if (own) return own.replaceAll('{title}', title);
  if (check.keyword === 'format') {
    const ours = italianFormatMessages[String(check.params.format) as ItalianFormat] as string | undefined;
    if (ours) return ours.replaceAll('{title}', title);
  }
  const what = predicate(check, node) ?? fallback ?? 'non è valido';
  return `Il campo «${title}» ${what}`;
}

/**
 * The schema of the field at a path (["articoli", "0", "price"]) below a root schema: through properties,
 * array items and allOf. `resolve` follows a $ref (its siblings winning); forms pass schemas already resolved.
 */
export function schemaAt(
  root: SchemaNode,
  path: string[],
  resolve: (node: SchemaNode) => SchemaNode = (n) => n,
): SchemaNode | undefined {
  let node: SchemaNode | undefined = resolve(root);
  for (const segment of path) node = node && childOf(node, segment, resolve);
  return node;
}

function childOf(node: SchemaNode, segment: string, resolve: (node: SchemaNode) => SchemaNode): SchemaNode | undefined {
  const n = resolve(node);
  const prop = (n.properties as Record<string, SchemaNode> | undefined)?.[segment];
  if (prop) return resolve(prop);
  if (/^\d+$/.test(segment) && n.items && typeof n.items === 'object' && !Array.isArray(n.items))
    return resolve(n.items as SchemaNode);
  for (const branch of (n.allOf ?? []) as SchemaNode[]) {
    const found = childOf(branch, segment, resolve);
    if (found) return found;
  }
  return undefined;
}
