import type { FieldKind, JsonObject, ServerSet } from '../../src/domain/resourceDefinition.ts';
import type { Schema } from './loadContract.ts';

export interface FormField {
  name: string;
  schema: Schema;
  kind: FieldKind;
  reference: string | undefined;
  widget: string | undefined;
  /** Filled by the server (x-server-set): shown read-only once the record exists. */
  serverSet?: ServerSet;
}

// The widget a kind gets when the schema names none; absent means RJSF's own default.
const DEFAULT_WIDGET: Partial<Record<FieldKind, string>> = {
  reference: 'reference',
  references: 'references',
  color: 'color',
  image: 'image',
  longText: 'textarea',
  date: 'date',
  time: 'time',
};
// Annotations that mean nothing to a form.
const DROP = new Set(['examples', 'x-resource', 'x-server-set']);

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

/** The RJSF schema and uiSchema of an entity's edit dialog. */
export function formDefinition(
  title: string,
  fields: FormField[],
  required: string[],
): { schema: JsonObject; uiSchema: JsonObject } {
  const names = new Set(fields.map((f) => f.name));
  const uiSchema: JsonObject = { 'ui:order': fields.map((f) => f.name) };
  const properties: Record<string, Schema> = {};
  for (const f of fields) {
    properties[f.name] = clean(f.schema);
    const ui: JsonObject = {};
    const widget = f.widget ?? (f.schema.writeOnly && /password/i.test(f.name) ? 'password' : DEFAULT_WIDGET[f.kind]);
    if (widget) ui['ui:widget'] = widget;
    if (f.reference) ui['ui:options'] = { resource: f.reference };
    if (f.serverSet) ui['ui:options'] = { serverSet: f.serverSet };
    if (f.schema.readOnly) ui['ui:readonly'] = true;
    if (Object.keys(ui).length > 0) uiSchema[f.name] = ui;
  }
  const schema: Schema = { type: 'object', title, properties, required: required.filter((r) => names.has(r)) };
  return { schema: schema as JsonObject, uiSchema };
}
