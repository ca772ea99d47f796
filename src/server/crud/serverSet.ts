import type { ServerSet } from '../../domain/resourceDefinition.ts';
import { personName } from '../../domain/personName.ts';
import type { StaffClaims } from '../../domain/tokenClaims.ts';
import type { Row } from './crudRepository.ts';
import type { EntityModel } from './entityModel.ts';

/** Which server-set fields a create and an update write. */
const WRITTEN_ON: Record<'create' | 'update', readonly ServerSet[]> = {
  create: ['created', 'updated', 'creator', 'updater'],
  update: ['updated', 'updater'],
};

/**
 * The values of the fields the server fills (x-server-set) for a create or an update by this user:
 * passed to the repository as internal fields, they win over anything the client sent.
 */
export function serverSetValues(
  model: EntityModel,
  verb: 'create' | 'update',
  user: Pick<StaffClaims, 'username' | 'name' | 'surname'> | null,
  now = new Date(),
): Row {
  const out: Row = {};
  for (const c of model.columns) {
    if (!c.serverSet || !WRITTEN_ON[verb].includes(c.serverSet)) continue;
    if (c.serverSet === 'created' || c.serverSet === 'updated') out[c.name] = now.toISOString();
    // Who, as people read it (the full name); the username only when the account has none.
    else if (user) out[c.name] = personName(user);
  }
  return out;
}
