import { closingLists, type ErpMachine } from '../../../domain/inventory/closingLists.ts';
import type { CountEntry } from '../../../domain/inventory/counting.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import { defineHandlers, type AppContext, type RecordOf } from '../../context.ts';
import { repositoryOn } from '../../crud/crudRepository.ts';
import { genericHandlerFor } from '../../crud/genericHandler.ts';
import { withoutWrittenBy } from '../../crud/writtenBy.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import {
  INVENTORY_SORTS,
  inventoryRepository,
  type InventoryRepository,
  type InventoryRow,
  type InventorySort,
} from './inventoryRepository.ts';
import {
  branchScope,
  fullName,
  INVENTORY_MESSAGES as M,
  mayUseBranch,
  openForWrite,
  violation,
  visibleInventory,
} from './inventoryRules.ts';

const SUBSCRIBER_TTL = 12 * 3600;

/** One repository per database (tests build several apps). */
const repos = new WeakMap<AppContext['db'], InventoryRepository>();
export function repoOf(ctx: AppContext): InventoryRepository {
  let repo = repos.get(ctx.db);
  if (!repo) repos.set(ctx.db, (repo = inventoryRepository(ctx.db)));
  return repo;
}

/** The inventory branches of these ids (null: every branch), by name. */
export function branches(ctx: AppContext, ids: readonly number[] | null) {
  return ctx.resource('FilialeInventario').repo.where(ids ? { id: ids } : {}, { orderBy: ['nome'], limit: 1000 });
}

export function caller(req: { user: StaffClaims | null }): StaffClaims {
  if (!req.user) throw new HttpError(401, MESSAGES.tokenMissing);
  return req.user;
}

/** The inventory as the API shows it (the ERP branch code is for the server only). */
const record = ({ codiceMago: _code, ...inventory }: InventoryRow) => inventory;

/** The topic of one inventory on the push hub: who has it open hears every change. */
export const topicOf = (inventoryId: number) => `/inventari-mezzi/${inventoryId}`;
export function published(ctx: AppContext, user: StaffClaims, inventoryId: number, event = 'updated') {
  return ctx.hub.publish(topicOf(inventoryId), { entity: 'inventarioMezzi', event, userId: user.id });
}

/** Limit and offset of a page; page 0 with rows 0 (or both left out where the list has no pages): every row, up to the ceiling. */
export function pageOf(query: Record<string, unknown>, pageSize: number, ceiling: number) {
  const page = typeof query.page === 'number' ? query.page : 1;
  const rows = typeof query.rowsPerPage === 'number' ? query.rowsPerPage : pageSize;
  const offset = (Math.max(page, 1) - 1) * rows;
  if (!Number.isSafeInteger(page) || !Number.isSafeInteger(offset))
    throw violation(400, 'page', 'La pagina richiesta non esiste');
  if (page === 0 || rows === 0) return { limit: ceiling + 1, offset: 0, unpaged: true };
  return { limit: rows, offset, unpaged: false };
}

/** An unpaged list longer than the ceiling is refused: narrow the filters. */
export function assertWithinCeiling(unpaged: boolean, rows: number, ceiling: number): void {
  if (unpaged && rows > ceiling) throw new HttpError(400, MESSAGES.listTooLarge.replace('{ceiling}', String(ceiling)));
}

export const inventoryHandlers = defineHandlers({
  // The generic get (with the lookup projection), under the path the inventory screens call; only the user's branches.
  getFilialeInventari: async (req, ctx) => {
    if (!mayUseBranch(await branchScope(repoOf(ctx), caller(req)), req.params.id))
      throw new HttpError(404, MESSAGES.notFound);
    const get = genericHandlerFor(ctx.resource('FilialeInventario'), 'get');
    return (await get?.(req, ctx)) as { data: RecordOf<'FilialeInventario'> };
  },

  listMyFilialiInventario: async (req, ctx) => {
    const repo = repoOf(ctx);
    const data = await branches(ctx, await branchScope(repo, caller(req)));
    return { data, totalRows: data.length };
  },

  listInventarioMezzi: async (req, ctx) => {
    const user = caller(req);
    const repo = repoOf(ctx);
    const scope = await branchScope(repo, user);
    const filters = (req.query.filters ?? {}) as Record<string, unknown>;
    const asked = [
      ...(req.query.idFilialiInventario ?? []),
      ...(filters.filialeInventarioId !== undefined && filters.filialeInventarioId !== null
        ? [Number(filters.filialeInventarioId)]
        : []),
    ];
    // Only the user's branches, whatever is asked for.
    const branchIds = asked.length ? asked.filter((id) => mayUseBranch(scope, id)) : scope;
    const sortBy = String(req.query.sortBy ?? 'created');
    if (!Object.hasOwn(INVENTORY_SORTS, sortBy)) throw violation(400, 'sortBy', `Non si può ordinare per ${sortBy}`);
    const { limit, offset, unpaged } = pageOf(req.query, 30, ctx.config.unpagedCeiling);
    const page = await repo.listInventories({
      branchIds,
      sortBy: sortBy as InventorySort,
      descending: req.query.sortBy === undefined ? true : req.query.descending === 1,
      limit,
      offset,
    });
    assertWithinCeiling(unpaged, page.data.length, ctx.config.unpagedCeiling);
    return { data: page.data.map(record), totalRows: page.totalRows };
  },

  getInventarioMezzi: async (req, ctx) => ({
    data: record(await visibleInventory(repoOf(ctx), caller(req), Number(req.params.id))),
  }),

  createInventarioMezzi: async (req, ctx) => {
    const user = caller(req);
    const repo = repoOf(ctx);
    // A new inventory is open: its closing fields are the conclusion's (x-written-by).
    withoutWrittenBy(ctx.resource('InventarioMezzi').model, req.body, null);
    const branchId = req.body.filialeInventarioId;
    if (!mayUseBranch(await branchScope(repo, user), branchId))
      throw violation(400, 'filialeInventarioId', M.notYourBranch);
    const [branch] = await branches(ctx, [branchId]);
    if (!branch) throw violation(400, 'filialeInventarioId', M.notYourBranch);
    // Read before the transaction: the ERP is another system, and a slow answer must not hold locks.
    const machines = branch.codiceMago ? await ctx.erp.machinesOfBranch(branch.codiceMago) : [];
    const id = await ctx.db.transaction(async (tx) => {
      // One open inventory per branch: the branch row is the lock two simultaneous creates queue on.
      await repositoryOn(tx, ctx.resource('FilialeInventario')).lock(branchId);
      if (await repo.openInventoryOfBranch(tx, branchId))
        throw violation(409, 'filialeInventarioId', M.openExists(branch.nome));
      return repo.createInventory(tx, branchId, fullName(user), machines);
    });
    return { data: record((await repo.inventory(id)) as InventoryRow) };
  },

  updateInventarioMezzi: async (req, ctx) => {
    const user = caller(req);
    const repo = repoOf(ctx);
    const id = Number(req.params.id);
    const body = req.body;
    const scope = await branchScope(repo, user);
    await ctx.db.transaction(async (tx) => {
      await openForWrite(tx, repo, scope, id);
      const stored = (await repo.inventory(id, tx)) as InventoryRow;
      if (body.version !== undefined && body.version !== stored.version) throw new HttpError(409, MESSAGES.conflict);
      withoutWrittenBy(ctx.resource('InventarioMezzi').model, body, record(stored));
      if (body.filialeInventarioId !== stored.filialeInventarioId)
        throw violation(409, 'filialeInventarioId', M.branchFixed);
      await repo.touchInventory(tx, id, fullName(user));
    });
    return { data: record((await repo.inventory(id)) as InventoryRow) };
  },

  deleteInventarioMezzi: async (req, ctx) => {
    const user = caller(req);
    const repo = repoOf(ctx);
    const id = Number(req.params.id);
    const scope = await branchScope(repo, user);
    await ctx.db.transaction(async (tx) => {
      await openForWrite(tx, repo, scope, id);
      await repo.deleteInventory(tx, id);
    });
    await published(ctx, user, id, 'deleted');
  },

  concludeInventarioMezzi: async (req, ctx) => {
    const user = caller(req);
    const repo = repoOf(ctx);
    const id = Number(req.params.id);
    const scope = await branchScope(repo, user);
    await ctx.db.transaction(async (tx) => {
      const locked = await repo.lock(tx, id);
      if (!locked || !mayUseBranch(scope, locked.filialeInventarioId)) throw new HttpError(404, M.notFound);
      if (locked.concluso) throw new HttpError(409, M.alreadyConcluded);
      await repo.conclude(tx, id, fullName(user));
    });
    await published(ctx, user, id, 'concluded');
    return { data: record((await repo.inventory(id)) as InventoryRow) };
  },

  getInventarioMezziChiusura: async (req, ctx) => {
    const repo = repoOf(ctx);
    const inventory = await visibleInventory(repo, caller(req), Number(req.params.id));
    const branchCode = inventory.codiceMago ?? '';
    const [counts, transfers] = await Promise.all([repo.sightings(inventory.id), repo.transfers(inventory.id)]);
    // The ERP as it is now: machines that went out or came back during the count land in the right list.
    const here = branchCode ? await ctx.erp.machinesOfBranch(branchCode) : [];
    const known = new Set(here.map((m) => m.code));
    const elsewhere = await ctx.erp.machinesByCode(counts.map((c) => c.code).filter((c) => !known.has(c)));
    const lists = closingLists(branchCode, [...here, ...elsewhere], counts);
    const machine = (m: ErpMachine) => ({
      code: m.code,
      ...(m.description ? { description: m.description } : {}),
      branchCode: m.branchCode,
      ...(m.rental ? { contractNumber: m.rental.contractNumber, customer: m.rental.customer } : {}),
    });
    const count = (c: CountEntry) => ({
      code: c.code,
      ...(c.countedBy ? { countedBy: c.countedBy } : {}),
      countedAt: c.countedAt,
      zone: c.zone ?? null,
    });
    const movedBy = (t: { movedBy: string | null; movedAt: string | null }) => ({
      ...(t.movedBy ? { movedBy: t.movedBy } : {}),
      ...(t.movedAt ? { movedAt: new Date(t.movedAt).toISOString() } : {}),
    });
    return {
      data: {
        found: lists.found.map((f) => {
          const moved = transfers.in.get(f.machine.code);
          return {
            ...count(f.count),
            ...machine(f.machine),
            returnedFromRent: f.returnedFromRent,
            ...(moved ? { fromBranch: moved.fromBranch, ...movedBy(moved) } : {}),
          };
        }),
        missing: lists.missing.map(machine),
        onRent: lists.onRent.map(machine),
        otherBranch: lists.otherBranch.map((o) => ({ ...count(o.count), ...machine(o.machine) })),
        unknown: lists.unknown.map(count),
        transferred: transfers.out.map((t) => ({
          code: t.code,
          ...(t.description ? { description: t.description } : {}),
          toBranch: t.toBranch,
          ...movedBy(t),
        })),
      },
    };
  },

  getInventarioMezziHubToken: async (req, ctx) => {
    const user = caller(req);
    const inventory = await visibleInventory(repoOf(ctx), user, Number(req.params.id));
    const topics = [topicOf(inventory.id)];
    return {
      data: {
        token: await ctx.tokens.signSubscriber(
          { userId: user.id, ver: user.ver, sid: user.sid, topics },
          SUBSCRIBER_TTL,
        ),
        topics,
      },
    };
  },
});
