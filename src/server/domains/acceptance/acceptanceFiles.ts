import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context.ts';

/** Where an acceptance's photos and signature live, under random names. */
export const acceptanceDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'accettazioni');

/** The stored file of an acceptance by name, never outside its folder; null when missing. */
export function storedFile(ctx: AppContext, name: unknown): string | null {
  if (typeof name !== 'string' || name === '' || path.basename(name) !== name) return null;
  const full = path.join(acceptanceDir(ctx), name);
  return fs.existsSync(full) ? full : null;
}
