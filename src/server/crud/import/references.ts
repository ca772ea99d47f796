import type { ImportField } from '../../../domain/resourceDefinition.ts';
import type { Queryable } from '../../db/Db.ts';
import { quote } from '../entityModel.ts';
import type { CrudContext, Resource } from '../resource.ts';

/** A name found in a referenced resource: its record, several (which one is unsaid), or none. */
export type Found = { id: number } | { ambiguous: true } | null;

const MAX_CACHED = 100_000;
const identity = (r: Resource) => [...new Set([...r.definition.unique, 'code'])];

/** The text columns a cell may name a referenced record by: its codes (unique fields, `code`), then its name. */
function searchColumns(r: Resource): { codes: string[]; names: string[] } {
  const text = (c: string) => r.model.byName.get(c)?.sqlType === 'text';
  const codes = identity(r).filter(text);
  const names = [r.definition.displayField].filter((c) => text(c) && !codes.includes(c));
  return { codes, names };
}

/** How a reference cell is read back to the person: "per Codice o Nome". */
export function searchedBy(ctx: CrudContext, field: ImportField): string {
  const r = field.reference ? ctx.resourceNamed(field.reference) : undefined;
  if (!r) return '';
  const { codes, names } = searchColumns(r);
  const title = (c: string) =>
    (r.definition.form.schema.properties as Record<string, { title?: string }> | undefined)?.[c]?.title ?? c;
  return [...codes, ...names].map(title).join(' o ');
}

/**
 * References of an import, found by code or name without regard to case: a code (a unique field, `code`)
 * wins over a name; a name two records share is ambiguous. Names are looked up once per import, a batch's
 * new names in one query per referenced resource.
 */
export function createReferences(ctx: CrudContext) {
  const cache = new Map<string, Map<string, Found>>();
  let cached = 0;
  return {
    /** Looks up, for each referenced resource, the names of a batch it has not seen yet. */
    async load(db: Queryable, wanted: Map<string, Set<string>>): Promise<void> {
      if (cached > MAX_CACHED) {
        cache.clear();
        cached = 0;
      }
      for (const [target, names] of wanted) {
        const r = ctx.resourceNamed(target);
        const known = cache.get(target) ?? new Map<string, Found>();
        cache.set(target, known);
        const missing = [...names].map((n) => n.trim().toLowerCase()).filter((n) => !known.has(n));
        if (!r || missing.length === 0) continue;
        const { codes, names: nameColumns } = searchColumns(r);
        const columns = [...codes, ...nameColumns];
        const found = new Map<string, { byCode: Set<number>; byName: Set<number> }>();
        if (columns.length > 0) {
          const { rows } = await db.query<Record<string, unknown> & { id: number }>(
            `SELECT id, ${columns.map((c) => `lower(${quote(c)}) AS ${quote(c)}`).join(', ')} FROM ${quote(r.model.table)}
             WHERE ${columns.map((c) => `lower(${quote(c)}) = ANY($1::text[])`).join(' OR ')}`,
            [missing],
          );
          for (const row of rows)
            for (const c of columns) {
              const value = row[c];
              if (typeof value !== 'string') continue;
              const entry = found.get(value) ?? { byCode: new Set(), byName: new Set() };
              (codes.includes(c) ? entry.byCode : entry.byName).add(row.id);
              found.set(value, entry);
            }
        }
        for (const name of missing) {
          const entry = found.get(name);
          const ids = entry && entry.byCode.size > 0 ? entry.byCode : entry?.byName;
          known.set(
            name,
            !ids || ids.size === 0 ? null : ids.size > 1 ? { ambiguous: true } : { id: [...ids][0] ?? 0 },
          );
          cached++;
        }
      }
    },
    find(target: string, name: string): Found {
      return cache.get(target)?.get(name.trim().toLowerCase()) ?? null;
    },
  };
}
export type References = ReturnType<typeof createReferences>;
