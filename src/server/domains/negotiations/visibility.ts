import type { RoleName } from '../../../../generated/entities.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import type { AppContext } from '../../context.ts';
import type { ListOptions } from '../../crud/listQuery.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { crmGroupsOf } from '../users/index.ts';

/**
 * Who sees every negotiation: supervisors, admins and master; ROLE_NL too, whose only negotiation call is
 * the reassignment. Everybody else with a negotiation role (CP user, salesperson) sees those assigned to
 * them or to one of their CRM groups.
 */
export const SEES_ALL: readonly RoleName[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_SUPERVISOR_CP',
  'ROLE_MASTER',
  'ROLE_NL',
];
/** Who may give a negotiation to another user (SPEC.md section 4: admins and ROLE_NL). */
export const MAY_REASSIGN: readonly RoleName[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_NL'];

export type Viewer = { all: true; user: StaffClaims } | { all: false; user: StaffClaims; groups: number[] };

export const hasAny = (user: StaffClaims, roles: readonly RoleName[]) => user.roles.some((r) => roles.includes(r));

/** The caller and what they may see; read from the database on every call, so a group change counts at once. */
export async function viewerOf(ctx: AppContext, user: StaffClaims | null): Promise<Viewer> {
  if (!user) throw new HttpError(401, MESSAGES.tokenMissing);
  if (hasAny(user, SEES_ALL)) return { all: true, user };
  return { all: false, user, groups: await crmGroupsOf(ctx.db, user.id) };
}

/** The SQL condition of the rows this viewer sees (column names of "trattativaCp"), or none for all. */
export function visibleCondition(viewer: Viewer, alias = ''): NonNullable<ListOptions['conditions']>[number] | null {
  if (viewer.all) return null;
  const col = (c: string) => `${alias}"${c}"`;
  return (param) =>
    `${col('operatoreId')} = ${param(viewer.user.id)} OR ${col('gruppoCrmId')} = ANY(${param(viewer.groups)}::int[])`;
}

/** The SQL of `visibleCondition` with its own parameters, numbered from `first`. */
export function visibleSql(viewer: Viewer, first: number, alias = ''): { sql: string; params: unknown[] } {
  const condition = visibleCondition(viewer, alias);
  if (!condition) return { sql: 'true', params: [] };
  const params: unknown[] = [];
  const sql = condition((v) => `$${first + params.push(v) - 1}`);
  return { sql: `(${sql})`, params };
}
