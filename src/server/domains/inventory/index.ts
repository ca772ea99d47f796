import { defineHandlers, type RecordOf, type ServerModule } from '../../context.ts';
import { genericHandlerFor, listOptions } from '../../crud/genericHandler.ts';
import { itemCounts } from './inventoryRepository.ts';

/** Vehicle inventory: branches to count, inventories and their items. */
export const inventoryModule: ServerModule = {
  handlers: defineHandlers({
    // The generic get (with the lookup projection), under the path the inventory screens call.
    getFilialeInventari: async (req, ctx) => {
      const get = genericHandlerFor(ctx.resource('FilialeInventario'), 'get');
      return (await get?.(req, ctx)) as { data: RecordOf<'FilialeInventario'> };
    },

    listMyFilialiInventario: async (req, ctx) => {
      const me = await ctx.resource('User').repo.get(req.user?.id ?? 0);
      const ids = me.filialiIds ?? [];
      const { definition, model, repo } = ctx.resource('FilialeInventario');
      const admin = req.user?.roles.some((r) => r === 'ROLE_SUPER_ADMIN' || r === 'ROLE_ADMIN');
      if (!admin && ids.length === 0) return { data: [], totalRows: 0 };
      return repo.list(listOptions({}, definition.sort, model, admin ? {} : { id: ids }));
    },

    listInventarioMezzi: (req, ctx) => {
      const { definition, model, repo } = ctx.resource('InventarioMezzi');
      const ids = req.query.idFilialiInventario;
      return repo.list(listOptions(req.query, definition.sort, model, ids ? { filialeInventarioId: ids } : {}));
    },

    // The inventory detail also needs how many items there are in all and without a status.
    listInventarioMezziItem: async (req, ctx) => {
      const { definition, model, repo } = ctx.resource('InventarioMezziItem');
      const inventory = Number(req.query.idInventarioMezzi);
      const options = listOptions(req.query, definition.sort, model, { idInventarioMezzi: inventory });
      const page = await repo.list({
        ...options,
        ...(typeof req.query.multiField === 'string'
          ? { search: { fields: ['resourceMago', 'status', 'note'], text: req.query.multiField } }
          : {}),
        ...(req.query.withoutStatus === 1 ? { isNull: ['statusId'] } : {}),
      });
      const counts = await itemCounts(ctx.db, inventory);
      return { ...page, totalRowsNoFiltered: counts.all, totalRowsWithoutStatus: counts.without };
    },
  }),
};
