import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Runs a project binary from node_modules/.bin in cwd and returns its exit code and output. */
export function run(cwd: string, bin: string, args: string[]): { code: number; out: string } {
  const r = spawnSync(path.join(cwd, 'node_modules', '.bin', bin), args, { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}
