import path from 'node:path';

/**
 * The server's rules of layering as functions of a tree of files (path from the repository's root → its code
 * without comments), so that each can be tried on a small planted tree as well as on the real one.
 */
export type Tree = ReadonlyMap<string, string>;

const DOMAINS = 'src/server/domains/';

/** The files a file imports by a relative path (static, dynamic and re-exports), as paths from the root. */
export function importsOf(file: string, code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? '')),
  );
}

/** The workflow of a file under src/server/domains (its folder's name), else null. */
export const domainOf = (file: string): string | null =>
  file.startsWith(DOMAINS) ? (file.slice(DOMAINS.length).split('/')[0] ?? null) : null;

/** The door of a workflow: the one file others may import. */
const doorOf = (domain: string) => `${DOMAINS}${domain}/index.ts`;

/** Every import of another workflow's file that is not its door (`index.ts`), from anywhere in the tree. */
export function importsPastTheDoor(tree: Tree): string[] {
  return [...tree].flatMap(([file, code]) =>
    importsOf(file, code)
      .filter((target) => {
        const to = domainOf(target);
        return to !== null && to !== domainOf(file) && target !== doorOf(to);
      })
      .map((target) => `${file} -> ${target}`),
  );
}

/** The cycles of a graph of imports (node → the nodes it imports), each as `a -> b -> a`. */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}

/** Cycles between workflows through their doors (offers → negotiations → offers...). */
export function cyclesBetweenDoors(tree: Tree): string[] {
  const graph = new Map<string, Set<string>>();
  for (const [file, code] of tree) {
    const from = domainOf(file);
    if (!from) continue;
    for (const target of importsOf(file, code)) {
      const to = domainOf(target);
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return cyclesOf(graph);
}

/** Imports of the workflows (src/server/domains) from files under these folders. */
export function domainImportsFrom(tree: Tree, folders: readonly string[]): string[] {
  return [...tree]
    .filter(([file]) => folders.some((folder) => file.startsWith(`${folder}/`)))
    .flatMap(([file, code]) =>
      importsOf(file, code)
        .filter((target) => target.startsWith(DOMAINS))
        .map((target) => `${file} -> ${target}`),
    );
}

/** A statement of SQL: reading, writing or shaping a table, or calling one of the database's own functions. */
const SQL =
  /\b(SELECT\s[^`]{0,300}?\bFROM\s|SELECT\s+pg_\w+\(|UPDATE\s+"?\w+"?\s+SET\s|INSERT\s+INTO\s|DELETE\s+FROM\s|CREATE\s+(OR\s+REPLACE\s|UNIQUE\s+)?(TABLE|INDEX|SEQUENCE|FUNCTION|TRIGGER)\s)/g;

/** A repository: the file of a workflow that holds its SQL (repository.ts, userRepository.ts...). */
export const isRepository = (file: string) => /(^|\/|[a-z])[Rr]epository\.ts$/.test(file);

/**
 * SQL in files that are neither a repository nor under one of the generic layers' folders nor one of the
 * named exceptions: each statement's first words, as `file:line: words`.
 */
export function sqlOutsideRepositories(
  tree: Tree,
  genericLayers: readonly string[],
  exceptions: readonly string[],
): string[] {
  return [...tree]
    .filter(
      ([file]) =>
        !isRepository(file) &&
        !genericLayers.some((folder) => file.startsWith(`${folder}/`)) &&
        !exceptions.includes(file),
    )
    .flatMap(([file, code]) =>
      [...withTableConstants(code).matchAll(SQL)].map((m) => {
        const line = code.slice(0, m.index).split('\n').length;
        return `${file}:${line}: ${(m[0] ?? '').replace(/\s+/g, ' ').slice(0, 60)}`;
      }),
    );
}

/** Files other than `setUp` that import pdfmake itself (its types aside) or change its global fonts and policies. */
export function pdfmakeSetUpOutside(tree: Tree, setUp: string): string[] {
  return [...tree]
    .filter(([file]) => file !== setUp)
    .filter(([, code]) => /from\s+['"]pdfmake['"]|\b(addFonts|setUrlAccessPolicy|setLocalAccessPolicy)\s*\(/.test(code))
    .map(([file]) => file);
}

/**
 * A file's code with each table named through a constant (`const FILIALE = '"filialeInventario"'`, then
 * `JOIN ${FILIALE}`) written out where the SQL uses it, so that a constant hides no table from the rules.
 */
export function withTableConstants(code: string): string {
  const names = new Map(
    [...code.matchAll(/\bconst\s+(\w+)\s*=\s*(['`])("\w+")\2/g)].map((m) => [m[1] ?? '', m[3] ?? '']),
  );
  return code.replace(/\$\{(\w+)\}/g, (placeholder, name: string) => names.get(name) ?? placeholder);
}

/** SQL that names a table (reads, joins, writes, indexes it) in files outside its owner's folder. */
export function tableOutsideItsOwner(
  tree: Tree,
  table: string,
  owner: string,
  exceptions: readonly string[],
): string[] {
  const names = new RegExp(`\\b(FROM|JOIN|UPDATE|INTO|ON|TABLE)\\s+("${table}"|${table})(?=[\\s(),;]|$)`, 'g');
  return [...tree]
    .filter(([file]) => !file.startsWith(`${owner}/`) && !exceptions.includes(file))
    .flatMap(([file, code]) => {
      const sql = withTableConstants(code);
      return [...sql.matchAll(names)].map((m) => `${file}:${sql.slice(0, m.index).split('\n').length}: ${m[0]}`);
    });
}

/**
 * Every table named in SQL (read, joined, written, created or indexed) by its quoted name, anywhere in the tree;
 * not a column a function reads FROM (`extract(epoch FROM "createdAt")`).
 */
export function tablesNamedInSql(tree: Tree): Set<string> {
  return new Set(
    [...tree.values()].flatMap((code) => {
      // A statement's own names (WITH "x" AS (...)) are no tables.
      const ctes = new Set([...code.matchAll(/(?:\bWITH|,)\s+"(\w+)"\s+AS\s*\(/g)].map((m) => m[1] ?? ''));
      return [
        ...withTableConstants(code).matchAll(
          /(?<!\(\s*\w+\s+)\b(?:FROM|JOIN|UPDATE|INTO|ON|TABLE)\s+"(\w+)"(?=[\s(),;]|$)/g,
        ),
      ]
        .map((m) => m[1] ?? '')
        .filter((name) => !ctes.has(name));
    }),
  );
}

/** A statement that shapes the schema: creates, alters or drops a table, an index, a sequence, a function... */
const SCHEMA_CHANGE =
  /\b(CREATE\s+(OR\s+REPLACE\s+|UNIQUE\s+)?(TABLE|INDEX|SEQUENCE|FUNCTION|TRIGGER|VIEW)|ALTER\s+(TABLE|INDEX|SEQUENCE)|DROP\s+(TABLE|INDEX|SEQUENCE|FUNCTION|TRIGGER|VIEW))\s/g;

/**
 * Schema changes in files other than `allowed` (the additive path, the migrations' own ledger): the schema
 * changes by the schemas and by the numbered files of migrations/ only. Each as `file:line: words`.
 */
export function schemaChangesOutside(tree: Tree, allowed: readonly string[]): string[] {
  return [...tree]
    .filter(([file]) => !allowed.includes(file))
    .flatMap(([file, code]) =>
      [...code.matchAll(SCHEMA_CHANGE)].map(
        (m) => `${file}:${code.slice(0, m.index).split('\n').length}: ${(m[0] ?? '').replace(/\s+/g, ' ').trim()}`,
      ),
    );
}

/**
 * Tables named in SQL that have no owner, by file (`file: table`), but for those a file declares with a reason
 * (`joins`: a join the file keeps for speed). The tables no workflow owns are the generic layer's, whose SQL
 * names a table only through its model.
 */
export function tablesWithoutOwner(
  tree: Tree,
  owned: readonly string[],
  joins: Readonly<Record<string, Readonly<Record<string, string>>>>,
): string[] {
  return [...tree].flatMap(([file, code]) =>
    [...tablesNamedInSql(new Map([[file, code]]))]
      .filter((table) => !owned.includes(table) && !(table in (joins[file] ?? {})))
      .sort()
      .map((table) => `${file}: ${table}`),
  );
}
