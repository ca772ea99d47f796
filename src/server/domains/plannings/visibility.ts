import type { RoleName } from '../../../../generated/entities.ts';
import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import type { AppContext } from '../../context.ts';
import type { ListOptions } from '../../crud/listQuery.ts';
import type { Queryable } from '../../db/Db.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { agentOf } from '../users/index.ts';
import { planningExists } from './planningRepository.ts';

/** Who sees every activity, everybody's call-backs included. */
const SEES_ALL: readonly RoleName[] = ROLE_GROUPS.admin;
/** Who sees the whole sales team's activities, whatever agent their account is linked to. */
const TEAM_LEADS: readonly RoleName[] = ['ROLE_SUPERVISOR_CP', 'ROLE_MASTER'];
/** The sales team: its activities are an agent's (`agentId`), not one person's. */
const TEAM: readonly RoleName[] = ROLE_GROUPS.crm.filter((r) => !SEES_ALL.includes(r));

/**
 * Whose activities a user sees. An activity with an operator (`operatoreId`: a call-back the contact centre
 * planned) is that operator's alone. The others belong to the sales team: a member linked to an agent sees that
 * agent's, one not linked (and the team leads) all of them. Administrators see everything.
 */
export type PlanningViewer =
  { all: true; user: StaffClaims } | { all: false; user: StaffClaims; team: boolean; agentId: number | null };

const hasAny = (user: StaffClaims, roles: readonly RoleName[]) => user.roles.some((r) => roles.includes(r));

/** The caller and what they see; the agent is read on every call, so relinking a user counts at once. */
export async function planningViewerOf(ctx: AppContext, user: StaffClaims | null): Promise<PlanningViewer> {
  if (!user) throw new HttpError(401, MESSAGES.tokenMissing);
  if (hasAny(user, SEES_ALL)) return { all: true, user };
  const team = hasAny(user, TEAM);
  if (!team || hasAny(user, TEAM_LEADS)) return { all: false, user, team, agentId: null };
  return { all: false, user, team, agentId: await agentOf(ctx.db, user.id) };
}

type Condition = NonNullable<ListOptions['conditions']>[number];

/** The SQL condition of the activities this viewer sees (columns of "planning"), or none for all. */
export function visiblePlannings(viewer: PlanningViewer): Condition | null {
  if (viewer.all) return null;
  return (param) => {
    const own = `"operatoreId" = ${param(viewer.user.id)}`;
    if (!viewer.team) return own;
    const agent = viewer.agentId === null ? '' : ` AND "agentId" = ${param(viewer.agentId)}`;
    return `${own} OR ("operatoreId" IS NULL${agent})`;
  };
}

/** 404 unless this viewer sees the activity: another user's activity is not theirs to read, move or delete. */
export async function assertVisible(db: Queryable, viewer: PlanningViewer, id: number): Promise<void> {
  if (!(await planningExists(db, id, visiblePlannings(viewer)))) throw new HttpError(404, MESSAGES.notFound);
}

/**
 * Who a new activity belongs to, and its agent: a user outside the sales team (the contact centre) plans for
 * themself only; a team member linked to an agent plans for that agent unless they chose another.
 */
export function ownerOf(viewer: PlanningViewer, agentId: unknown): { operatoreId: number | null; agentId: unknown } {
  if (viewer.all) return { operatoreId: null, agentId: agentId ?? null };
  if (!viewer.team) return { operatoreId: viewer.user.id, agentId: agentId ?? null };
  return { operatoreId: null, agentId: agentId ?? viewer.agentId };
}
