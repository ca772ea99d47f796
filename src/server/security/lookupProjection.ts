import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';

// Besides its name, what a picker or a referencing column may show of a record: order, colours, language, activity.
const PICKER_FIELDS = ['ordinamento', 'coloreSfondo', 'coloreCarattere', 'codiceLingua', 'active'];

/**
 * The fields a user outside a resource's roles may read of it, because other screens reference it:
 * its id, its display field, the fields the contract requires of every record, and the picker's own.
 * Never the rest of the record (a customer's e-mail, phone, notes...).
 */
export function lookupFields(
  definition: ResourceDefinition,
  hasField: (name: string) => boolean,
  required: readonly string[],
): string[] {
  return [
    ...new Set(['id', definition.displayField, ...required, ...PICKER_FIELDS].filter((f) => f === 'id' || hasField(f))),
  ];
}

/** A record cut down to these fields. */
export const projectRow =
  (fields: readonly string[]) =>
  <T extends object>(row: T): T =>
    Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, (row as Record<string, unknown>)[f]])) as T;
