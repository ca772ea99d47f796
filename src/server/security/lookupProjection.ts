import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Row } from '../crud/crudRepository.ts';
import type { EntityModel } from '../crud/entityModel.ts';

// Besides its name, what a picker or a referencing column may show of a record: order, colours, language, activity.
const PICKER_FIELDS = ['ordinamento', 'coloreSfondo', 'coloreCarattere', 'codiceLingua', 'active'];

/**
 * The fields a user outside a resource's roles may read of it, because other screens reference it:
 * its id, its display field, the fields the contract requires of every record, and the picker's own.
 * Never the rest of the record (a customer's e-mail, phone, notes...).
 */
export function lookupFields(
  definition: ResourceDefinition,
  model: EntityModel,
  required: readonly string[],
): string[] {
  return [
    ...new Set(
      ['id', definition.displayField, ...required, ...PICKER_FIELDS].filter((f) => f === 'id' || model.byName.has(f)),
    ),
  ];
}

export const projectRow =
  (fields: readonly string[]) =>
  (row: Row): Row =>
    Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
