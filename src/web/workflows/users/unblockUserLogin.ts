import { personName } from '../../../domain/personName.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import type { RowAction } from '../../resources/resourceExtensions.ts';
import { notify } from '../../ui/notificationBus.ts';

const fullName = (row: Row) => personName(row as Parameters<typeof personName>[0]) || String(row.id);
const isSuperAdmin = (roles: unknown) => Array.isArray(roles) && roles.includes('ROLE_SUPER_ADMIN');

/**
 * An admin lets back in a user who mistyped the password too often: the server forgets the failures
 * of that username and says how many addresses were refusing it. Only a super admin acts on a super admin.
 */
export const unblockUserLogin: RowAction = {
  icon: 'unlock',
  label: (row) => messages.users.unblock(fullName(row)),
  applies: (row, { user }) => !isSuperAdmin(row.roles) || isSuperAdmin(user?.roles),
  async run(call, row) {
    const { message } = await resourceApi.action<{ message: string }>(call, Number(row.id));
    notify.success(message);
  },
};
