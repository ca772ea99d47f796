import type { ImportDefinition, ImportField } from '../resourceDefinition.ts';
import { normalizeLabel } from './labels.ts';

/** Which field each column of the file fills, by the column's position; null leaves the column out. */
export type ColumnMapping = (string | null)[];

/**
 * The field each column fills, found by its header: the field's Italian title first, then its name, without
 * regard to case, accents or punctuation. A field is filled by one column only (the first that names it).
 */
export function suggestMapping(headers: readonly string[], fields: readonly ImportField[]): ColumnMapping {
  const taken = new Set<string>();
  const byTitle = new Map(fields.map((f) => [normalizeLabel(f.title), f.name]));
  const byName = new Map(fields.map((f) => [normalizeLabel(f.name), f.name]));
  return headers.map((header) => {
    const label = normalizeLabel(header);
    const name = byTitle.get(label) ?? byName.get(label) ?? byName.get(label.replace(/ /g, ''));
    if (!name || taken.has(name)) return null;
    taken.add(name);
    return name;
  });
}

/** One problem of a mapping: the column (or none) and an Italian sentence. */
export interface MappingProblem {
  column: number | null;
  message: string;
}

/**
 * What stops a mapping: a column mapped to a field that is not importable or already filled by another
 * column, a field of the key without its column. Fields a new record needs but no column fills are warnings
 * (`missingRequired`): a file may only update records.
 */
export function mappingProblems(mapping: ColumnMapping, definition: ImportDefinition): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const fields = new Map(definition.fields.map((f) => [f.name, f]));
  const seen = new Set<string>();
  mapping.forEach((name, column) => {
    if (name === null) return;
    const field = fields.get(name);
    if (!field) problems.push({ column, message: `Il campo «${name}» non si può importare` });
    else if (seen.has(name))
      problems.push({ column, message: `Il campo «${field.title}» è già associato a un'altra colonna` });
    seen.add(name);
  });
  for (const name of definition.key)
    if (!seen.has(name))
      problems.push({
        column: null,
        message: `Associare una colonna al campo «${fields.get(name)?.title ?? name}»: identifica ${
          definition.key.length > 1 ? 'con gli altri campi chiave ' : ''
        }i record già presenti`,
      });
  return problems;
}

/** Fields a new record needs that no column fills: rows that would create a record will be refused. */
export function missingRequired(mapping: ColumnMapping, definition: ImportDefinition): ImportField[] {
  return definition.fields.filter((f) => f.required && !mapping.includes(f.name));
}
