import { HttpError, MESSAGES } from '../../http/httpError.ts';

const SUPER_ADMIN = 'ROLE_SUPER_ADMIN';

export const USER_RULE_MESSAGES = {
  superAdminTarget:
    'Solo un super amministratore può modificare, disattivare, eliminare o disconnettere un super amministratore',
  superAdminRole: 'Solo un super amministratore può assegnare o togliere il ruolo di super amministratore',
  ownRoles: 'Non è possibile modificare i propri ruoli',
} as const;

const isSuperAdmin = (roles: readonly string[] | null | undefined) => !!roles?.includes(SUPER_ADMIN);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === new Set(b).size && new Set([...a, ...b]).size === new Set(a).size;

/** Only a super admin acts on a super admin (edit, reset the password, deactivate, delete, force out). */
export function assertMayManage(actorRoles: readonly string[] | undefined, targetRoles: readonly string[] | null) {
  if (isSuperAdmin(targetRoles) && !isSuperAdmin(actorRoles))
    throw new HttpError(403, USER_RULE_MESSAGES.superAdminTarget);
}

/**
 * A change of roles: nobody changes their own, and only a super admin grants or removes the
 * super admin role.
 */
export function assertMayChangeRoles(
  actor: { id: number; roles: readonly string[] },
  target: { id: number | null; roles: readonly string[] },
  next: readonly string[],
) {
  if (sameSet(target.roles, next)) return;
  if (actor.id === target.id)
    throw new HttpError(400, MESSAGES.invalid, [{ field: 'roles', message: USER_RULE_MESSAGES.ownRoles }]);
  if (isSuperAdmin(target.roles) !== isSuperAdmin(next) && !isSuperAdmin(actor.roles))
    throw new HttpError(403, USER_RULE_MESSAGES.superAdminRole);
}

export const rolesChanged = (before: readonly string[], after: readonly string[]) => !sameSet(before, after);
