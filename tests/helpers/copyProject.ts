import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SKIP = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);

/** A throw-away copy of the project (node_modules linked, not copied). */
export function copyProject(prefix = 'crm-copy-'): { root: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const source = path.resolve('.');
  fs.cpSync(source, root, {
    recursive: true,
    filter: (src) => !SKIP.has(path.relative(source, src).split(path.sep)[0] ?? ''),
  });
  fs.symlinkSync(path.join(source, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Every file under dir but node_modules (relative path → content), for before/after comparisons. */
export function snapshot(dir: string, skip: (rel: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  // A recursive listing of dir would list the linked node_modules too, a hundred times the project's files.
  const top = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.name !== 'node_modules');
  const entries = top.flatMap((e) =>
    e.isDirectory() ? fs.readdirSync(path.join(dir, e.name), { recursive: true, withFileTypes: true }) : [e],
  );
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full);
    if (!entry.isFile() || skip(rel)) continue;
    out.set(rel, fs.readFileSync(full, 'utf8'));
  }
  return out;
}

export function editJson(file: string, edit: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}
