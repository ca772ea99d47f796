import type { operations } from '../../../generated/api.ts';
import { isAllowed, OPERATION_ACCESS, ROLE_GROUPS } from '../../domain/accessRules.ts';
import type { ApiCall, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { PAGE_SIZES } from './listState.ts';
import type { RowAction } from './resourceExtensions.ts';

/** How a record is named in buttons and confirmations: its display field, else its id. */
export const recordName = (def: ResourceDefinition, row: Row): string => String(row[def.displayField] ?? row.id);

/**
 * Whether these roles may make a call of the resource, as the server decides (src/domain/accessRules.ts): its rule
 * in the access table, else the resource's roles (admins' when it names none).
 */
export const mayCall = (def: ResourceDefinition, call: ApiCall | undefined, roles: readonly string[] | null): boolean =>
  !!call &&
  isAllowed(
    OPERATION_ACCESS[call.operationId as keyof operations] ?? (def.roles.length > 0 ? def.roles : ROLE_GROUPS.admin),
    roles,
  );

/** A resource's own page size (10 for some) is offered beside the standard ones. */
export const rowsPerPageOptions = (pageSize: number): number[] =>
  [...new Set([pageSize, ...PAGE_SIZES])].filter((n) => n > 0).sort((a, b) => a - b);

/**
 * The pager under a list: its page sizes, and the first/last-page buttons at every size (the table drops them when
 * there are fewer than three pages, so they vanished when the user chose 100 rows).
 */
export const pagerProps = (pageSize: number) => ({
  rowsPerPageOptions: rowsPerPageOptions(pageSize),
  showFirstButton: true,
  showLastButton: true,
});

/** Yes/no fields switched from the table arrive as booleans, "true"/"false" or "Y"/"N". */
export const isSwitchedOn = (value: unknown): boolean => value === true || value === 'true' || value === 'Y';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * The list's keyboard: N opens a new record, Enter opens the focused row. Never while typing in a
 * field or while a dialog is open (Escape there is the dialog's own); Enter elsewhere (a link, a
 * button) stays that element's own.
 */
export function keyIntent(
  press: KeyPress,
  where: { typing: boolean; dialogOpen: boolean; onRow: boolean },
  can: { create: boolean; update: boolean },
): 'new' | 'open' | null {
  if (where.typing || where.dialogOpen) return null;
  if ((press.key === 'n' || press.key === 'N') && !press.ctrlKey && !press.metaKey && !press.altKey && can.create)
    return 'new';
  if (press.key === 'Enter' && where.onRow && can.update) return 'open';
  return null;
}

/**
 * How many buttons a row of this list may show to these roles, before the app's code is there (the first frame
 * keeps their room): editing, the picture, each of the schema's actions the roles may call (every one has its
 * button, registered by its workflow), deleting.
 */
export function rowButtonCount(def: ResourceDefinition, roles: readonly string[] | null): number {
  const allowed = def.actions.filter((call) =>
    isAllowed(OPERATION_ACCESS[call.operationId as keyof operations] ?? def.roles, roles),
  );
  return (
    [def.api.update, def.api.uploadImage].filter(Boolean).length +
    allowed.length +
    (mayCall(def, def.api.delete, roles) ? 1 : 0)
  );
}

/** The row actions of a resource that have a registered button and that the user's roles may call (the server checks again). */
export function availableRowActions(
  def: ResourceDefinition,
  registered: Partial<Record<string, RowAction>>,
  roles: readonly string[] | null,
): { call: ApiCall; action: RowAction }[] {
  return def.actions.flatMap((call) => {
    const action = registered[call.operationId];
    const access = OPERATION_ACCESS[call.operationId as keyof operations] ?? def.roles;
    return action && isAllowed(access, roles) ? [{ call, action }] : [];
  });
}
