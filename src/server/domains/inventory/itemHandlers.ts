import { normaliseCode } from '../../../domain/inventory/counting.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import { defineHandlers, type AppContext, type ApiRequest } from '../../context.ts';
import { withoutWrittenBy } from '../../crud/writtenBy.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { assertWithinCeiling, caller, pageOf, published, repoOf } from './inventoryHandlers.ts';
import { ITEM_SORTS, type ItemQuery, type ItemRow, type ItemSort } from './inventoryRepository.ts';
import type { Queryable } from '../../db/Db.ts';
import {
  branchScope,
  fullName,
  INVENTORY_MESSAGES as M,
  isBlind,
  openForWrite,
  violation,
  visibleInventory,
} from './inventoryRules.ts';

export const ITEM_PAGE_SIZE = 50;

/** The item list a request asks for, as the caller may see it (blind for a counter until the inventory is concluded). */
export async function itemQuery(
  req: ApiRequest<'listInventarioMezziItem'> | ApiRequest<'exportInventarioMezziItems'>,
  ctx: AppContext,
): Promise<ItemQuery> {
  const user = caller(req);
  const inventory = await visibleInventory(repoOf(ctx), user, Number(req.query.idInventarioMezzi));
  const sortBy = String(req.query.sortBy ?? 'resourceMago');
  if (!Object.hasOwn(ITEM_SORTS, sortBy)) throw violation(400, 'sortBy', `Non si può ordinare per ${sortBy}`);
  return {
    inventoryId: inventory.id,
    withoutStatus: req.query.withoutStatus === 1,
    search: typeof req.query.multiField === 'string' ? req.query.multiField : '',
    blind: isBlind(user, inventory.concluso),
    descending: req.query.descending === 1,
    sortBy: sortBy as ItemSort,
  };
}

/**
 * Runs a write on one item inside a transaction, once its inventory is locked, of the user's branches and open.
 * Nothing in the transaction may use another connection (PGlite has one).
 */
async function writeItem<T>(
  ctx: AppContext,
  user: StaffClaims,
  id: number,
  write: (tx: Queryable, item: ItemRow) => Promise<T>,
): Promise<T> {
  const repo = repoOf(ctx);
  const scope = await branchScope(repo, user);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.item(id, tx);
    if (!before) throw new HttpError(404, M.itemNotFound);
    await openForWrite(tx, repo, scope, before.idInventarioMezzi);
    return write(tx, (await repo.item(id, tx)) as ItemRow);
  });
}

async function saved(ctx: AppContext, user: StaffClaims, id: number) {
  const item = (await repoOf(ctx).item(id)) as ItemRow;
  await published(ctx, user, item.idInventarioMezzi);
  return { data: item };
}

/** A status the table knows, or a 400 naming it (-1 clears and is no status). */
async function knownStatus(ctx: AppContext, statusId: number | null | undefined): Promise<number | null> {
  if (statusId === null || statusId === undefined || statusId === -1) return null;
  if (!(await repoOf(ctx).status(statusId))) throw violation(400, 'statusId', M.unknownStatus(statusId));
  return statusId;
}

export const itemHandlers = defineHandlers({
  listInventarioMezziItem: async (req, ctx) => {
    const q = await itemQuery(req, ctx);
    const { limit, offset, unpaged } = pageOf(req.query, ITEM_PAGE_SIZE, ctx.config.unpagedCeiling);
    const list = await repoOf(ctx).listItems(q, { limit, offset });
    assertWithinCeiling(unpaged, list.data.length, ctx.config.unpagedCeiling);
    return list;
  },

  // A machine found on the yard that the list lacks: added by hand, counted by whoever added it.
  createInventarioMezziItem: async (req, ctx) => {
    const user = caller(req);
    const body = req.body;
    const code = normaliseCode(body.resourceMago);
    if (!code) throw violation(400, 'resourceMago', M.emptyCode);
    const statusId = await knownStatus(ctx, body.statusId);
    const repo = repoOf(ctx);
    const scope = await branchScope(repo, user);
    const id = await ctx.db.transaction(async (tx) => {
      await openForWrite(tx, repo, scope, body.idInventarioMezzi);
      if (await repo.itemWithCode(tx, body.idInventarioMezzi, code))
        throw violation(409, 'resourceMago', M.duplicate(code));
      return repo.insertManualItem(
        tx,
        { inventoryId: body.idInventarioMezzi, code, note: body.note ?? '', zona: body.zona || null, statusId },
        fullName(user),
      );
    });
    return saved(ctx, user, id);
  },

  updateInventarioMezziItem: async (req, ctx) => {
    const user = caller(req);
    const body = req.body;
    const id = Number(req.params.id);
    const repo = repoOf(ctx);
    await writeItem(ctx, user, id, async (tx, item) => {
      if (body.idInventarioMezzi !== item.idInventarioMezzi)
        throw violation(400, 'idInventarioMezzi', M.otherInventory);
      if (body.version !== undefined && body.version !== item.version) throw new HttpError(409, MESSAGES.conflict);
      // The status and who counted are the count's (x-written-by): sent back only as they are.
      withoutWrittenBy(ctx.resource('InventarioMezziItem').model, body, item);
      const code = normaliseCode(body.resourceMago);
      if (code !== normaliseCode(item.resourceMago)) {
        if (item.manuale !== 'Y') throw violation(409, 'resourceMago', M.onlyManualRenamed);
        if (!code) throw violation(400, 'resourceMago', M.emptyCode);
        if (await repo.itemWithCode(tx, item.idInventarioMezzi, code))
          throw violation(409, 'resourceMago', M.duplicate(code));
      }
      const fields = {
        ...(body.note !== undefined ? { note: body.note } : {}),
        ...(body.zona !== undefined ? { zona: body.zona || null } : {}),
        ...(item.manuale === 'Y' ? { resourceMago: code } : {}),
      };
      if (!(await repo.updateItem(tx, id, fields, body.version))) throw new HttpError(409, MESSAGES.conflict);
    });
    return saved(ctx, user, id);
  },

  deleteInventarioMezziItem: async (req, ctx) => {
    const user = caller(req);
    const id = Number(req.params.id);
    const item = await writeItem(ctx, user, id, async (tx, found) => {
      if (found.manuale !== 'Y') throw new HttpError(409, M.onlyManualDeleted);
      await repoOf(ctx).deleteItem(tx, id);
      return found;
    });
    await published(ctx, user, item.idInventarioMezzi);
  },

  setInventarioMezziItemStato: async (req, ctx) => {
    const user = caller(req);
    const id = Number(req.params.itemId);
    const statusId = await knownStatus(ctx, Number(req.params.statusId));
    await writeItem(ctx, user, id, (tx, item) => {
      if (item.trasferitoA) throw new HttpError(409, M.movedAway(item.trasferitoA));
      return repoOf(ctx).setStatus(tx, id, statusId, fullName(user));
    });
    return saved(ctx, user, id);
  },
});
