import type { InventarioMezziItem, RoleName } from '../../../generated/entities.ts';
import { progress, isVerified, type Progress } from './progress.ts';

/** Who sees what the ERP expects before the count is closed: supervisors and admins. */
export const SEES_EXPECTED: readonly RoleName[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_SUPERVISOR_INVENTARIO_MEZZI',
];

export function canSeeExpected(roles: readonly RoleName[], concluded: boolean): boolean {
  return concluded || roles.some((r) => SEES_EXPECTED.includes(r));
}

/**
 * What a counter may see (issue 18, "counting is blind"): until the inventory is concluded, a counter sees only
 * the machines already verified (by anyone) or added by hand, and a progress without the expected total, never
 * the list of machines the ERP expects. Supervisors, admins and everyone after conclusion see every item.
 */
export function blindView<T extends Pick<InventarioMezziItem, 'statusId' | 'manuale'>>(
  items: readonly T[],
  roles: readonly RoleName[],
  concluded: boolean,
): { items: T[]; progress: Progress; blind: boolean } {
  const verified = items.filter(isVerified);
  if (canSeeExpected(roles, concluded))
    return { items: [...items], progress: progress(verified.length, items.length), blind: false };
  return { items: verified, progress: progress(verified.length, null), blind: true };
}
