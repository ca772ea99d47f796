import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { operations } from '../../../generated/api.ts';
import type { ResourceName } from '../../../generated/resourceIndex.ts';
import type { ApiCall, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import type { SessionUser } from '../session/tokenStore.ts';
import type { IconName } from '../ui/Icon.tsx';
import type { FormCheck } from './crossFieldChecks.ts';

export interface RowActionContext {
  user: SessionUser | null;
  queryClient: QueryClient;
  navigate: NavigateFunction;
}

/** The button of one x-resource.actions call on each row. */
export interface RowAction {
  icon: IconName;
  label(row: Row): string;
  /** Whether this row offers the action at all (the call's roles are checked apart). */
  applies(row: Row, ctx: RowActionContext): boolean;
  run(call: ApiCall, row: Row, ctx: RowActionContext): Promise<void>;
}

/** What a workflow adds to the generic screens of one of its resources. */
export interface ResourceExtension {
  /** Buttons of the resource's x-resource.actions, by operationId. */
  rowActions?: Partial<Record<keyof operations, RowAction>>;
  /** Checks across fields of the resource's form, beside the generic ones. */
  formChecks?: FormCheck[];
  /** How an edited record is saved when its update call is not "PUT the whole record" (e.g. `{field, value}`). */
  update?(def: ResourceDefinition, stored: Row & { id: number }, edited: Row): Promise<{ data: Row }>;
  /** A row that needs attention is drawn in this tone (a call waiting past its threshold). */
  rowTone?(row: Row): 'error' | undefined;
  /** Shown between the filters and the table, with the list's current filters (the call report's daily totals). */
  Summary?: ComponentType<{ filters: Record<string, string> }>;
  /** A count shown beside the resource's menu entry, reloaded with the list (`['menuCount', name]`). */
  menuCount?(): Promise<number>;
  /**
   * A click on a row opens this instead of the record's own page or dialog (an offer opens its negotiation's
   * offer); false when the row has nowhere else to go.
   */
  openRow?(row: Row, ctx: RowActionContext): boolean;
  /** Buttons of the list's own beside "Aggiungi" (a quick offer). */
  ListActions?: ComponentType;
  /** A hook giving each row of the list its colours (a negotiation in the colours of its status), or none. */
  useRowColors?: () => (row: Row) => RowColors | undefined;
}

export interface RowColors {
  background: string;
  text: string;
}

const extensions = new Map<string, ResourceExtension>();

/**
 * The generic screens name no resource: a workflow registers here what its resources need
 * (src/web/workflows/registerWorkflows.ts), and the list, the dialog and the form ask for it by name.
 */
export function registerResourceExtension(name: ResourceName, extension: ResourceExtension): void {
  const known = extensions.get(name) ?? {};
  extensions.set(name, {
    ...known,
    ...extension,
    rowActions: { ...known.rowActions, ...extension.rowActions },
    formChecks: [...(known.formChecks ?? []), ...(extension.formChecks ?? [])],
  });
}

export const resourceExtension = (name: string): ResourceExtension => extensions.get(name) ?? {};
