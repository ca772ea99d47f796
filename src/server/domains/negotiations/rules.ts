import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import type { AppContext } from '../../context.ts';
import type { Row } from '../../crud/crudRepository.ts';
import type { Violation } from '../../http/httpError.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { activityAndRoles } from '../users/index.ts';
import { hasAny, MAY_REASSIGN, type Viewer } from './visibility.ts';

export const NEGOTIATION_MESSAGES = {
  unknownUser: "L'utente scelto non esiste",
  inactiveUser: "L'utente scelto non è attivo: sceglierne un altro",
  notNegotiationUser: "L'utente scelto non lavora sulle trattative",
  onlyAdminsAssign: 'Solo gli amministratori possono assegnare la trattativa a un altro utente (Riassegna)',
  unknownReference: "non esiste più: scegliere un valore dall'elenco",
} as const;

const invalid = (field: string, message: string) => new HttpError(400, MESSAGES.invalid, [{ field, message }]);

/** A user a negotiation may be given to: existing, active, with a negotiation role. */
export async function checkAssignable(ctx: AppContext, userId: number, field: string): Promise<void> {
  const user = await activityAndRoles(ctx.db, userId);
  if (!user) throw invalid(field, NEGOTIATION_MESSAGES.unknownUser);
  if (user.active !== 'true') throw invalid(field, NEGOTIATION_MESSAGES.inactiveUser);
  const roles = Array.isArray(user.roles) ? user.roles : [];
  if (!roles.some((r) => (ROLE_GROUPS.trattative as readonly string[]).includes(r)))
    throw invalid(field, NEGOTIATION_MESSAGES.notNegotiationUser);
}

/**
 * Who a negotiation is assigned to: on create the caller unless said otherwise; someone else, or a change
 * later, only by those who may reassign (the reassignment's own rule, so the form cannot go around it).
 * Returns the operator to store.
 */
export async function operatorFor(
  ctx: AppContext,
  viewer: Viewer,
  requested: unknown,
  stored: number | null | undefined,
  creating: boolean,
): Promise<number | null | undefined> {
  const current = creating ? viewer.user.id : stored;
  if (requested === undefined) return current;
  if (requested === current) return current;
  if (!hasAny(viewer.user, MAY_REASSIGN)) throw invalid('operatoreId', NEGOTIATION_MESSAGES.onlyAdminsAssign);
  if (requested === null) return null;
  await checkAssignable(ctx, Number(requested), 'operatoreId');
  return Number(requested);
}

/** Each id the negotiation points to must exist (fonte, filiale, stato…): a 400 naming every one that does not. */
export async function checkReferences(ctx: AppContext, body: Row): Promise<void> {
  const schema = ctx.contract.entitySchema('TrattativaCp') as {
    'x-resource'?: { references?: Record<string, string> };
  };
  const violations: Violation[] = [];
  for (const [field, resourceName] of Object.entries(schema['x-resource']?.references ?? {})) {
    const value = body[field];
    const target = ctx.resourceNamed(resourceName);
    if (typeof value !== 'number' || !target) continue;
    if (!(await target.repo.first({ id: value })))
      violations.push({ field, message: NEGOTIATION_MESSAGES.unknownReference });
  }
  if (violations.length > 0) throw new HttpError(400, MESSAGES.invalid, violations);
}
