import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router-dom';
import type { ApiCall } from '../../domain/resourceDefinition.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../app/messages.ts';
import type { IconName } from '../ui/Icon.tsx';
import { tokenStore, type SessionUser } from '../session/tokenStore.ts';

export interface RowActionContext {
  user: SessionUser | null;
  queryClient: QueryClient;
  navigate: NavigateFunction;
}

interface RowAction {
  icon: IconName;
  label(row: Row): string;
  /** Whether this row offers the action at all (the call's roles are checked apart). */
  applies(row: Row, ctx: RowActionContext): boolean;
  run(call: ApiCall, row: Row, ctx: RowActionContext): Promise<void>;
}

const fullName = (row: Row) => [row.name, row.surname].filter(Boolean).join(' ') || String(row.username ?? row.id);

/** The buttons of x-resource.actions, by operationId: the only per-call screen code. */
export const rowActions: Record<string, RowAction> = {
  impersonateUser: {
    icon: 'change-user',
    label: (row) => messages.impersonation.start(fullName(row)),
    applies: (row, { user }) => row.id !== user?.id && row.active === 'true' && !user?.impersonator,
    async run(call, row, { queryClient, navigate }) {
      const tokens = await resourceApi.action<{ token: string; refresh_token: string }>(call, Number(row.id));
      tokenStore.impersonate(tokens.token, tokens.refresh_token);
      queryClient.clear();
      await navigate('/');
    },
  },
};
