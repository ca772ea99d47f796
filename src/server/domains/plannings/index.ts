import { defineHandlers, type AppContext, type RecordOf, type ServerModule } from '../../context.ts';
import { crudRepository, type Row } from '../../crud/crudRepository.ts';
import { idOf, listOptions } from '../../crud/genericHandler.ts';
import { serverSetValues } from '../../crud/serverSet.ts';
import type { Queryable } from '../../db/Db.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import { displayName } from '../users/index.ts';
import { planningRule } from './planningRules.ts';
import { assertVisible, ownerOf, planningViewerOf, visiblePlannings } from './visibility.ts';

type Planning = RecordOf<'Planning'>;

/**
 * Visit planning: activities that end after they start, each seen only by whom it belongs to (visibility.ts):
 * the list, the home page and the calendar read the same filtered list, and a write to an activity one does
 * not see is a 404.
 */
export const planningsModule: ServerModule = {
  writeRules: { Planning: planningRule },
  handlers: defineHandlers({
    listPlanning: async (req, ctx) => {
      const viewer = await planningViewerOf(ctx, req.user);
      const { definition, model, repo } = ctx.resource('Planning');
      const own = visiblePlannings(viewer);
      return repo.list({ ...listOptions(req.query, definition.sort, model), conditions: own ? [own] : [] });
    },

    // Answers only the new id, in this call's own envelope.
    createPlanning: async (req, ctx) => {
      const viewer = await planningViewerOf(ctx, req.user);
      const body = req.body as Row;
      await planningRule.before?.(ctx, body, null);
      const { model, repo } = ctx.resource('Planning');
      const { operatoreId, agentId } = ownerOf(viewer, body.agentId);
      const saved = await repo.create(
        { ...body, agentId },
        {
          ...serverSetValues(model, 'create', req.user),
          operatoreId,
          operatoreNome: operatoreId && req.user ? displayName(req.user) : null,
        },
      );
      return { data: { planningId: Number(saved.id) } };
    },

    updatePlanning: async (req, ctx) => {
      const viewer = await planningViewerOf(ctx, req.user);
      const id = idOf(req.params);
      await assertVisible(ctx.db, viewer, id);
      const body = req.body as Row;
      await planningRule.before?.(ctx, body, id);
      const { model, repo } = ctx.resource('Planning');
      const version = typeof body.version === 'number' ? body.version : undefined;
      return { data: await repo.update(id, body, serverSetValues(model, 'update', req.user), version) };
    },

    deletePlanning: async (req, ctx) => {
      await assertVisible(ctx.db, await planningViewerOf(ctx, req.user), idOf(req.params));
      await ctx.resource('Planning').repo.remove(idOf(req.params));
    },
  }),
};

/**
 * An activity of one user alone (a call-back the contact centre plans for the operator who pressed
 * "Nessuna risposta"): theirs in their home and agenda, nobody else's but the administrators'.
 */
export async function planPersonalActivity(
  tx: Queryable,
  ctx: AppContext,
  user: StaffClaims,
  values: PersonalValues,
): Promise<Planning> {
  const { model } = ctx.resource('Planning');
  return crudRepository<Planning>(tx, model).create(values, ownedBy(model, 'create', user));
}

/** The same user's activity moved to new values (the next try of a call-back): it becomes theirs, as if planned anew. */
export async function movePersonalActivity(
  tx: Queryable,
  ctx: AppContext,
  user: StaffClaims,
  id: number,
  values: PersonalValues,
): Promise<Planning> {
  const { model } = ctx.resource('Planning');
  return crudRepository<Planning>(tx, model).update(id, values, ownedBy(model, 'update', user));
}

type PersonalValues = Omit<Planning, 'id' | 'version' | 'operatoreId' | 'operatoreNome'>;

/** What the server sets on a user's own activity: its own fields, and the user as its operator. */
const ownedBy = (model: Parameters<typeof serverSetValues>[0], op: 'create' | 'update', user: StaffClaims) => ({
  ...serverSetValues(model, op, user),
  operatoreId: user.id,
  operatoreNome: displayName(user),
});

/** Whether this activity is still to do (not completed, not deleted): a call-back that may be moved. */
export async function isOpenActivity(tx: Queryable, ctx: AppContext, id: number): Promise<boolean> {
  const found = await crudRepository<Planning>(tx, ctx.resource('Planning').model).first({ id, completed: false });
  return found !== undefined;
}
