import type { components } from '../../../../generated/api.ts';
import type { AppContext } from '../../context.ts';
import { createValidators } from '../../contract/validators.ts';
import { fieldLookup, italianViolations } from '../../contract/italianErrors.ts';
import type { SchemaNode } from '../../../domain/validationMessages.ts';
import type { Row } from '../../crud/crudRepository.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';

/** The fields staff edit one at a time (`PUT …/{id}` `{field, value}`), by type name (issue 19). */
export const EDITABLE_FIELDS: Record<string, readonly string[]> = {
  MissedCall: ['recalled', 'note', 'operator', 'branchOfficeId'],
  BranchOffice: [
    'nome',
    'phoneNumbers',
    'openFrom',
    'lunchFrom',
    'lunchTo',
    'openTo',
    'saturdayMorning',
    'thresholdMinutes',
  ],
};

export const notEditable = (field: string) => `Il campo «${field}» non si può modificare`;

type FieldUpdate = components['schemas']['FieldUpdate'];

/**
 * One field's new value, checked against the field's own schema (the same Italian sentences as a whole
 * form), before anything is written: a refused value changes nothing.
 */
export function checkedFieldValue(ctx: AppContext, typeName: string, { field, value }: FieldUpdate): Row {
  const schema = ctx.contract.entitySchema(typeName);
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const property = properties[field];
  if (!property || !EDITABLE_FIELDS[typeName]?.includes(field))
    throw new HttpError(400, MESSAGES.invalid, [{ field: 'field', message: notEditable(field) }]);
  const validators = createValidators(ctx.contract);
  const required = ((schema.required ?? []) as string[]).includes(field) ? [field] : [];
  const root = { type: 'object', properties: { [field]: property }, required } as SchemaNode;
  const type = ctx.contract.resolve<SchemaNode>(property).type;
  const nullable = Array.isArray(type) && type.includes('null');
  // An emptied field of a nullable kind (a branch office, a number) is no value, not an empty text.
  const candidate = { [field]: value === '' && nullable ? null : value };
  const validate = validators.compile(validators.strict, root);
  if (!validate(candidate)) {
    const lookup = fieldLookup(root, (node) => ctx.contract.resolve(node));
    throw new HttpError(400, MESSAGES.invalid, italianViolations(validate.errors ?? [], '', lookup));
  }
  return candidate;
}
