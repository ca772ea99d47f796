import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};
/** The project's own Node.js: the `node` devDependency, as the lockfile installs it. */
const pinned = lock.packages['node_modules/node']?.version ?? '';
/** The caller's PATH without any node_modules/.bin: a shell whose `node` is the machine's own. */
const shellPath = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => !dir.endsWith(path.join('node_modules', '.bin')))
  .join(path.delimiter);

function inShell(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { env: { ...process.env, PATH: shellPath }, encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

describe("the project's own Node.js", () => {
  it('is pinned exactly in package.json, its install script allowed; .nvmrc and .node-version name its line', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.devDependencies.node).toBe(pinned);
    expect(pkg.allowScripts.node).toBe(true);
    expect(fs.readFileSync('.nvmrc', 'utf8').trim()).toBe(pinned.split('.')[0]);
    expect(fs.readFileSync('.node-version', 'utf8').trim()).toBe(pinned.split('.')[0]);
  });

  it('runs what npm runs (npm run, npx), whatever node the shell has first on its PATH', () => {
    expect(inShell('npm', ['exec', '--offline', '-c', 'node -p process.version'])).toBe(`v${pinned}`);
  });

  it("runs what a launcher started by hand with the shell's node starts (node scripts/start.mjs)", () => {
    const launcher = [
      "import { execFileSync } from 'node:child_process';",
      "import { projectEnv } from './scripts/lib/projectEnv.mjs';",
      "process.stdout.write(execFileSync('node', ['-p', 'process.version'], { env: projectEnv(), encoding: 'utf8' }));",
    ].join('\n');
    expect(inShell('node', ['--input-type=module', '-e', launcher])).toBe(`v${pinned}`);
  });
});
