import type { FieldKind, FormSection, FormWidget, JsonObject, ServerSet } from '../../src/domain/resourceDefinition.ts';
import { fieldKind } from './fieldKind.ts';
import type { Schema } from './loadContract.ts';

export interface FormField {
  name: string;
  schema: Schema;
  kind: FieldKind;
  reference: string | undefined;
  widget: string | undefined;
  /** Filled by the server (x-server-set): shown read-only once the record exists. */
  serverSet?: ServerSet;
  /** Changed only by these operations (x-written-by): read-only in the form, left out of a new record's. */
  writtenBy?: string[] | undefined;
}

/**
 * The widget each kind gets when the schema names none; null means RJSF's own for the type (text, checkbox,
 * select). Exhaustive: a new kind does not compile until it says how it is edited.
 */
export const KIND_WIDGET: Record<FieldKind, FormWidget | null> = {
  text: null,
  longText: 'textarea',
  email: null,
  url: null,
  integer: 'number',
  number: 'number',
  money: 'money',
  percentage: 'percentage',
  quantity: 'number',
  duration: 'duration',
  fileSize: 'number',
  phone: 'phone',
  boolean: null,
  siNo: null,
  triState: null,
  enum: null,
  date: 'date',
  dateTime: 'dateTime',
  time: 'time',
  color: 'color',
  colorChip: null,
  image: 'image',
  reference: 'reference',
  references: 'references',
  partitaIva: null,
  codiceFiscale: null,
  list: null,
  object: null,
};
// Fields that take the whole row of the form's grid.
const WIDE_KINDS = new Set<FieldKind>(['longText', 'list', 'object']);
const WIDE_WIDGETS = new Set(['textarea', 'multiSelect']);
// Annotations that mean nothing to a form.
const DROP = new Set(['examples', 'x-resource', 'x-server-set', 'x-written-by']);

function clean(schema: Schema): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (DROP.has(k)) continue;
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(
        Object.entries(v as Record<string, Schema>)
          .filter(([, p]) => !p.readOnly)
          .map(([n, p]) => [n, clean(p)]),
      );
    } else if (k === 'items' && v && typeof v === 'object' && !Array.isArray(v)) out[k] = clean(v as Schema);
    else out[k] = v;
  }
  return out;
}

/** The uiSchema of fields inside a list of records (the articles of a resource group): widgets by kind. */
function nestedUi(schema: Schema): JsonObject | undefined {
  const items = schema.items as Schema | undefined;
  const props = (items?.properties ?? schema.properties) as Record<string, Schema> | undefined;
  if (!props) return undefined;
  const ui: JsonObject = {};
  for (const [name, p] of Object.entries(props)) {
    if (p.readOnly) continue;
    const widget = KIND_WIDGET[fieldKind({ schema: p }, undefined, undefined)];
    if (widget) ui[name] = { 'ui:widget': widget };
  }
  if (Object.keys(ui).length === 0) return undefined;
  return items ? { items: ui } : ui;
}

/** The RJSF schema and uiSchema of an entity's edit form, its fields grouped in sections when given. */
export function formDefinition(
  title: string,
  fields: FormField[],
  required: string[],
  sections: FormSection[] = [],
): { schema: JsonObject; uiSchema: JsonObject } {
  const names = new Set(fields.map((f) => f.name));
  // With sections the fields follow them, so Tab moves through the form as it reads.
  const order = sections.length > 0 ? sections.flatMap((s) => s.fields) : fields.map((f) => f.name);
  const uiSchema: JsonObject = { 'ui:order': order };
  if (sections.length > 0) uiSchema['ui:options'] = { sections: sections.map((s) => ({ ...s })) };
  const properties: Record<string, Schema> = {};
  for (const f of fields) {
    properties[f.name] = clean(f.schema);
    const ui: JsonObject = { ...nestedUi(f.schema) };
    const widget = f.widget ?? (f.schema.writeOnly && /password/i.test(f.name) ? 'password' : KIND_WIDGET[f.kind]);
    if (widget) ui['ui:widget'] = widget;
    const options: JsonObject = {};
    if (f.reference) options.resource = f.reference;
    if (f.serverSet) options.serverSet = f.serverSet;
    if (f.writtenBy) options.writtenBy = f.writtenBy;
    if (WIDE_KINDS.has(f.kind) || (widget && WIDE_WIDGETS.has(widget))) options.wide = true;
    // A note spans the row: three lines (it scrolls beyond) keep the form on one screen.
    if (widget === 'textarea') options.rows = 3;
    if (Object.keys(options).length > 0) ui['ui:options'] = options;
    if (f.schema.readOnly || f.writtenBy) ui['ui:readonly'] = true;
    if (Object.keys(ui).length > 0) uiSchema[f.name] = ui;
  }
  const schema: Schema = { type: 'object', title, properties, required: required.filter((r) => names.has(r)) };
  return { schema: schema as JsonObject, uiSchema };
}
