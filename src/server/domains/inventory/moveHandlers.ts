import { defineHandlers } from '../../context.ts';
import { HttpError } from '../../http/httpError.ts';
import { repositoryOn } from '../../crud/crudRepository.ts';
import { branches, caller, published, repoOf } from './inventoryHandlers.ts';
import type { ItemRow } from './inventoryRepository.ts';
import {
  branchScope,
  fullName,
  INVENTORY_MESSAGES as M,
  openForWrite,
  violation,
  visibleInventory,
} from './inventoryRules.ts';

export const moveHandlers = defineHandlers({
  /**
   * A machine of the branch's ERP list found at another branch: the ERP registers it there, the origin keeps it as
   * "Trasferito a", the destination's open inventory (if any) has it as found, "Trasferito da"; one transaction.
   */
  moveInventarioMezziItem: async (req, ctx) => {
    const user = caller(req);
    const id = Number(req.params.id);
    const toId = req.body.filialeInventarioId;
    const repo = repoOf(ctx);
    const scope = await branchScope(repo, user);
    const item = await repo.item(id);
    if (!item) throw new HttpError(404, M.itemNotFound);
    const origin = await visibleInventory(repo, user, item.idInventarioMezzi);
    if (origin.concluso) throw new HttpError(409, M.concluded);
    const [to] = await branches(ctx, [toId]);
    if (!to) throw violation(400, 'filialeInventarioId', M.unknownBranch);
    if (to.id === origin.filialeInventarioId) throw violation(400, 'filialeInventarioId', M.sameBranch(to.nome));
    if (item.manuale === 'Y') throw new HttpError(409, M.onlyErpMoved);
    if (item.trasferitoAId) throw new HttpError(409, M.alreadyMoved(item.trasferitoA ?? to.nome));
    if (!to.codiceMago) throw violation(400, 'filialeInventarioId', M.noErpCode(to.nome));
    const originCode = origin.codiceMago ?? '';
    // The ERP's registry, read before the transaction: another system must not hold our locks while it answers.
    const [machine] = await ctx.erp.machinesByCode([item.resourceMago]);
    if (!machine) throw new HttpError(409, M.notInErp(item.resourceMago));
    if (machine.branchCode === to.codiceMago) throw new HttpError(409, M.alreadyThere(to.nome));
    if (machine.branchCode !== originCode) throw new HttpError(409, M.registeredElsewhere(item.resourceMago));
    const who = fullName(user);

    const { destinationId, reference } = await ctx.db.transaction(async (tx) => {
      // The destination's branch row first (a new inventory there queues behind the move), then both
      // inventories in the order of their ids, so two moves in opposite directions cannot lock each other out.
      await repositoryOn(tx, ctx.resource('FilialeInventario')).lock(to.id);
      const openThere = await repo.openInventoryOfBranch(tx, to.id);
      let destination: number | null = null;
      for (const inventoryId of [origin.id, openThere ?? 0].filter(Boolean).sort((a, b) => a - b)) {
        if (inventoryId === origin.id) await openForWrite(tx, repo, scope, origin.id);
        else destination = (await repo.lock(tx, inventoryId))?.concluso === false ? inventoryId : null;
      }
      const fresh = (await repo.item(id, tx)) as ItemRow;
      if (fresh.trasferitoAId) throw new HttpError(409, M.alreadyMoved(fresh.trasferitoA ?? to.nome));
      await repo.markMovedOut(tx, id, to.id, who);
      if (destination !== null)
        await repo.receiveMoved(
          tx,
          destination,
          { code: fresh.resourceMago, description: fresh.descrizione ?? machine.description ?? null },
          origin.filialeInventarioId,
          who,
        );
      try {
        const move = { code: fresh.resourceMago, fromBranch: originCode, toBranch: to.codiceMago ?? '', movedBy: who };
        return { destinationId: destination, reference: (await ctx.erp.moveMachine(tx, move)).reference };
      } catch (err) {
        if (err instanceof HttpError) throw err;
        req.raw.log.error({ err, erp: ctx.erp.name }, 'ERP: spostamento del mezzo non registrato');
        throw new HttpError(502, M.erpDown);
      }
    });
    await published(ctx, user, origin.id);
    if (destinationId !== null) await published(ctx, user, destinationId);
    return {
      data: (await repo.item(id)) as ItemRow,
      inventarioDestinazioneId: destinationId,
      riferimentoErp: reference,
      message: (destinationId !== null ? M.moved : M.movedNoInventory)(item.resourceMago, to.nome),
    };
  },
});
