type Ui = Record<string, unknown>;

/** Filled by the server (x-server-set) or written only by named operations (x-written-by). */
const serverOwned = (ui: unknown): boolean => {
  const options = !!ui && typeof ui === 'object' ? ((ui as Ui)['ui:options'] as Ui | undefined) : undefined;
  return !!options?.serverSet || !!options?.writtenBy;
};

/**
 * Fields the server fills (x-server-set) or that only their own operation writes (x-written-by) come
 * read-only from the generator; before the record exists they have nothing to show, so a new record's form
 * leaves them out.
 */
export function serverSetFieldsFor(uiSchema: Ui, existing: boolean): Ui {
  if (existing) return uiSchema;
  return Object.fromEntries(
    Object.entries(uiSchema).map(([k, ui]) => [k, serverOwned(ui) ? { ...(ui as Ui), 'ui:widget': 'hidden' } : ui]),
  );
}
