type Ui = Record<string, unknown>;

const serverSet = (ui: unknown): boolean =>
  !!ui && typeof ui === 'object' && !!((ui as Ui)['ui:options'] as Ui | undefined)?.serverSet;

/**
 * Fields the server fills (x-server-set) come read-only from the generator; before the record exists
 * they have nothing to show, so a new record's form leaves them out.
 */
export function serverSetFieldsFor(uiSchema: Ui, existing: boolean): Ui {
  if (existing) return uiSchema;
  return Object.fromEntries(
    Object.entries(uiSchema).map(([k, ui]) => [k, serverSet(ui) ? { ...(ui as Ui), 'ui:widget': 'hidden' } : ui]),
  );
}
