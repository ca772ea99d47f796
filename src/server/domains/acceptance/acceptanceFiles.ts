import type { AppContext } from '../../context.ts';
import { keyOf } from '../../storage/storage.ts';

/** The storage folder of acceptances' photos and signatures, stored under random names. */
export const ACCEPTANCE_FOLDER = 'accettazioni';

/** The key of an acceptance's stored file by name, never outside its folder; null when the name is not one. */
export const acceptanceKey = (name: unknown) => keyOf(ACCEPTANCE_FOLDER, name);

/** Whether the named file of an acceptance is stored. */
export async function isStored(ctx: AppContext, name: unknown): Promise<boolean> {
  const key = acceptanceKey(name);
  return key !== null && (await ctx.storage.has(key));
}
