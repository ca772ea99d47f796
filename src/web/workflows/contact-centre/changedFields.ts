type Value = string | number | boolean | null;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || ((a ?? '') === '' && (b ?? '') === '');

/**
 * The `{field, value}` edits that turn the stored record into the edited one, in the form's order: only the
 * form's fields, only those that changed (an emptied field is null, never undefined).
 */
export function changedFields(
  formFields: readonly string[],
  stored: Record<string, unknown>,
  edited: Record<string, unknown>,
): { field: string; value: Value }[] {
  return formFields
    .filter((f) => f in edited && !same(stored[f], edited[f]))
    .map((field) => ({ field, value: (edited[field] ?? null) as Value }));
}
