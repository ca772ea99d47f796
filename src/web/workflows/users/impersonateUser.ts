import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import type { RowAction } from '../../resources/resourceExtensions.ts';
import { authProvider } from '../../session/authProvider.ts';
import { personName } from '../../../domain/personName.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const fullName = (row: Row) =>
  personName({ name: text(row.name), surname: text(row.surname), username: text(row.username) }) || String(row.id);

/** A super admin works as another active user (not themselves, not while already impersonating). */
export const impersonateUser: RowAction = {
  icon: 'change-user',
  label: (row) => messages.impersonation.start(fullName(row)),
  applies: (row, { user }) => row.id !== user?.id && row.active === 'true' && !user?.impersonator,
  async run(call, row, { queryClient, navigate }) {
    const tokens = await resourceApi.action<{ token: string; refresh_token: string }>(call, Number(row.id));
    authProvider.impersonate(tokens.token, tokens.refresh_token);
    queryClient.clear();
    await navigate('/');
  },
};
