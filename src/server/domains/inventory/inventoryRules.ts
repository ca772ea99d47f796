import { canSeeExpected } from '../../../domain/inventory/blindView.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import type { Queryable } from '../../db/Db.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import type { InventoryRepository, InventoryRow } from './inventoryRepository.ts';
import { personName } from '../../../domain/personName.ts';

/** The refusals of the inventory, in Italian (issue 18: message, nothing changed). */
export const INVENTORY_MESSAGES = {
  notFound: 'Inventario non trovato',
  itemNotFound: 'Mezzo non trovato in inventario',
  concluded: "L'inventario è concluso: non può più essere modificato",
  alreadyConcluded: "L'inventario è già concluso",
  notYourBranch: 'La filiale non è tra le filiali inventario assegnate al tuo utente',
  openExists: (branch: string) =>
    `Per la filiale ${branch} c'è già un inventario in corso: concluderlo prima di aprirne un altro`,
  branchFixed: "La filiale di un inventario non si può cambiare: eliminare l'inventario e crearne uno nuovo",
  unknownStatus: (id: number) => `Lo stato ${id} non esiste: sceglierne uno dall'elenco`,
  otherInventory: 'Il mezzo appartiene a un altro inventario',
  duplicate: (code: string) => `Il mezzo ${code} è già nell'inventario`,
  onlyManualDeleted: 'Si possono eliminare solo i mezzi aggiunti a mano: per gli altri togliere lo stato',
  onlyManualRenamed: 'Il codice si può cambiare solo nei mezzi aggiunti a mano',
  emptyCode: 'Indicare il codice del mezzo',
  unknownBranch: "La filiale di destinazione non esiste: sceglierne una dall'elenco",
  sameBranch: (branch: string) => `Il mezzo è già nell'inventario di ${branch}: scegliere un'altra filiale`,
  noErpCode: (branch: string) => `La filiale ${branch} non ha un codice ERP: impostarlo in Filiali inventario`,
  onlyErpMoved:
    "Si spostano solo i mezzi dell'elenco ERP della filiale: un mezzo aggiunto a mano è già dove è stato trovato",
  movedAway: (branch: string) => `Il mezzo è stato trasferito a ${branch}: si conta nell'inventario di quella filiale`,
  alreadyMoved: (branch: string) => `Il mezzo è già stato trasferito a ${branch}`,
  alreadyThere: (branch: string) => `Per l'ERP il mezzo è già registrato alla filiale ${branch}`,
  notInErp: (code: string) => `L'ERP non conosce il mezzo ${code}: non si può spostare`,
  registeredElsewhere: (code: string) =>
    `Per l'ERP il mezzo ${code} non è registrato a questa filiale: ricaricare l'inventario`,
  erpDown:
    "Il gestionale (Mago) non ha registrato lo spostamento: riprovare più tardi. Nell'inventario non è cambiato nulla",
  moved: (code: string, branch: string) => `Mezzo ${code} trasferito a ${branch}`,
  movedNoInventory: (code: string, branch: string) =>
    `Mezzo ${code} trasferito a ${branch}. ${branch} non ha un inventario in corso: il mezzo sarà nel suo prossimo inventario`,
} as const;

const ADMINS = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'];
const isAdmin = (user: StaffClaims) => user.roles.some((r) => ADMINS.includes(r));
export const fullName = (user: StaffClaims) => personName(user);

/** The branches a user works in: admins every branch (null), everybody else their `filialiIds`. */
export async function branchScope(repo: InventoryRepository, user: StaffClaims): Promise<number[] | null> {
  return isAdmin(user) ? null : repo.branchIdsOfUser(user.id);
}

export function mayUseBranch(scope: number[] | null, branchId: number): boolean {
  return scope === null || scope.includes(branchId);
}

/** An inventory the user may see: one of their branches' (another branch's answers as if it did not exist). */
export async function visibleInventory(
  repo: InventoryRepository,
  user: StaffClaims,
  id: number,
): Promise<InventoryRow> {
  const inventory = await repo.inventory(id);
  if (!inventory || !mayUseBranch(await branchScope(repo, user), inventory.filialeInventarioId))
    throw new HttpError(404, INVENTORY_MESSAGES.notFound);
  return inventory;
}

/**
 * Inside a write's transaction: the inventory locked, of the user's branches (`scope`, read before the
 * transaction), not concluded. Every write to an inventory or its items passes here, so a conclusion and a late
 * change cannot cross.
 */
export async function openForWrite(
  tx: Queryable,
  repo: InventoryRepository,
  scope: number[] | null,
  id: number,
): Promise<void> {
  const locked = await repo.lock(tx, id);
  if (!locked || !mayUseBranch(scope, locked.filialeInventarioId))
    throw new HttpError(404, INVENTORY_MESSAGES.notFound);
  if (locked.concluso) throw new HttpError(409, INVENTORY_MESSAGES.concluded);
}

/** Counters count blind until the inventory is concluded (src/domain/inventory/blindView.ts). */
export const isBlind = (user: StaffClaims, concluded: boolean) => !canSeeExpected(user.roles, concluded);

export const violation = (status: number, field: string, message: string) =>
  new HttpError(status, status === 400 ? MESSAGES.invalid : message, [{ field, message }]);
