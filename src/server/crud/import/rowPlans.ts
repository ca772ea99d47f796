import { cellText, readCell, type Cell } from '../../../domain/import/cellValue.ts';
import type { ImportDefinition, ImportField } from '../../../domain/resourceDefinition.ts';
import type { ApiOperation } from '../../../domain/apiOperations.ts';
import { fieldLookup, italianViolations } from '../../contract/italianErrors.ts';
import { createValidators, strictBodySchema } from '../../contract/validators.ts';
import type { Contract } from '../../contract/contract.ts';
import type { Queryable } from '../../db/Db.ts';
import { toRecord, type Row } from '../crudRepository.ts';
import { quote } from '../entityModel.ts';
import type { CrudContext, Resource } from '../resource.ts';
import type { RowProblem } from './importJobs.ts';
import { searchedBy, type References } from './references.ts';

/** A resource a file may fill, with the calls a form's save makes. */
export interface ImportSetup {
  name: string;
  resource: Resource;
  spec: ImportDefinition;
  createOp: ApiOperation;
  updateOp: ApiOperation;
  /** The field each column of the file fills (null: left out). */
  columns: (ImportField | null)[];
}

/** What the import does with one row of the file. */
export interface RowPlan {
  row: number;
  cells: Cell[];
  action: 'create' | 'update' | 'unchanged' | 'refused';
  id?: number;
  body?: Row;
  problems: RowProblem[];
}

/** The body check of an operation, the very one its route runs (ajv, the contract's schema, unknown fields refused). */
function bodyCheck(contract: Contract, op: ApiOperation) {
  const validators = createValidators(contract);
  const schema = strictBodySchema(op.body?.schema ?? {});
  const validate = validators.compile(validators.strict, schema);
  const lookup = fieldLookup(schema, (node) => contract.resolve(node));
  return (body: Row) => (validate(body) ? [] : italianViolations(validate.errors ?? [], '', lookup));
}

/** A key's part as records are compared: text (a text column) without regard to case and spaces around it. */
function keyPart(text: boolean, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  return text ? String(value).trim().toLowerCase() : value;
}

/** Whether a stored value already is what the file says (numbers as numbers, lists in any order, instants as instants). */
function same(field: ImportField, stored: unknown, wanted: unknown): boolean {
  if (stored === undefined || stored === null) return wanted === undefined || wanted === null || wanted === '';
  if (Array.isArray(wanted))
    return (
      Array.isArray(stored) && JSON.stringify(stored.map(String).sort()) === JSON.stringify(wanted.map(String).sort())
    );
  if (typeof wanted === 'number') return Math.abs(Number(stored) - wanted) < 1e-9;
  if (field.kind === 'dateTime') return Date.parse(String(stored)) === Date.parse(String(wanted));
  return String(stored) === String(wanted);
}

/**
 * Plans one batch of rows: reads each cell for its field, finds references by code or name, finds the stored
 * record with the same key (update, or unchanged when nothing differs; a key met earlier in the file is
 * refused), and checks the body exactly as the create or update call checks a form's. Writes nothing.
 */
export function createPlanner(ctx: CrudContext, setup: ImportSetup, references: References) {
  const { spec, resource, columns } = setup;
  const checkCreate = bodyCheck(ctx.contract, setup.createOp);
  const checkUpdate = bodyCheck(ctx.contract, setup.updateOp);
  const fields = new Map(spec.fields.map((f) => [f.name, f]));
  const columnOf = (field: string) => columns.findIndex((f) => f?.name === field);
  const keyFields = spec.key.map((k) => fields.get(k));
  const keyText = spec.key.map((k) => resource.model.byName.get(k)?.sqlType === 'text');
  const first = resource.model.byName.get(spec.key[0] ?? '');
  const seenKeys = new Map<string, number>();

  const problem = (field: string | null, message: string): RowProblem => ({
    column: field === null ? null : columnOf(field) >= 0 ? columnOf(field) : null,
    field,
    message,
  });

  /** The stored records whose key's first field is one of these values (then matched on the whole key). */
  async function storedByKey(db: Queryable, values: unknown[]): Promise<Row[]> {
    if (!first || values.length === 0) return [];
    const column = quote(first.name);
    const text = first.sqlType === 'text';
    const { rows } = await db.query<Row>(
      text
        ? `SELECT * FROM ${quote(resource.model.table)} WHERE lower(${column}) = ANY($1::text[]) AND ${column} <> ''`
        : `SELECT * FROM ${quote(resource.model.table)} WHERE ${column} = ANY($1)`,
      [values],
    );
    return rows.map((r) => toRecord(resource.model, r));
  }

  return async function plan(db: Queryable, rows: { number: number; cells: Cell[] }[]): Promise<RowPlan[]> {
    // 1. Cells to values; references wanted by the batch.
    const read = rows.map(({ number, cells }) => {
      const values: Row = {};
      const lookups: [ImportField, string[]][] = [];
      const problems: RowProblem[] = [];
      columns.forEach((field, i) => {
        if (!field) return;
        const reading = readCell(field, cells[i] ?? null);
        if (reading.kind === 'value') values[field.name] = reading.value;
        else if (reading.kind === 'lookup') lookups.push([field, reading.names]);
        else if (reading.kind === 'problem') problems.push(problem(field.name, reading.message));
      });
      return { row: number, cells, values, lookups, problems };
    });
    const wanted = new Map<string, Set<string>>();
    for (const r of read)
      for (const [field, names] of r.lookups) {
        const set = wanted.get(field.reference ?? '') ?? new Set<string>();
        names.forEach((n) => set.add(n));
        wanted.set(field.reference ?? '', set);
      }
    await references.load(db, wanted);
    for (const r of read)
      for (const [field, names] of r.lookups) {
        const ids: number[] = [];
        for (const name of names) {
          const found = references.find(field.reference ?? '', name);
          const target = ctx.resourceNamed(field.reference ?? '')?.definition.label ?? field.reference;
          if (found && 'id' in found) ids.push(found.id);
          else if (found)
            r.problems.push(
              problem(
                field.name,
                `Il campo «${field.title}»: «${name}» corrisponde a più record di «${target}»; indicarne il codice`,
              ),
            );
          else
            r.problems.push(
              problem(
                field.name,
                `Il campo «${field.title}» non trova «${name}» in «${target}» (cercato per ${searchedBy(ctx, field)})`,
              ),
            );
        }
        if (ids.length === names.length) r.values[field.name] = field.many ? ids : ids[0];
      }

    // 2. Keys: the first met in the file wins; the stored records they name.
    const keys = read.map((r) => {
      const parts = spec.key.map((k, i) => keyPart(keyText[i] ?? false, r.values[k]));
      if (parts[0] === null) return null;
      return JSON.stringify(parts);
    });
    const stored = await storedByKey(db, [
      ...new Set(read.map((r) => keyPart(keyText[0] ?? false, r.values[spec.key[0] ?? ''])).filter((v) => v !== null)),
    ]);
    const storedByKeyText = new Map<string, Row[]>();
    for (const record of stored) {
      const key = JSON.stringify(spec.key.map((k, i) => keyPart(keyText[i] ?? false, record[k])));
      storedByKeyText.set(key, [...(storedByKeyText.get(key) ?? []), record]);
    }

    // 3. Per row: create, update, unchanged or refused, each body checked as the call checks it.
    return read.map((r, i): RowPlan => {
      const plan = (action: RowPlan['action'], more: Partial<RowPlan> = {}): RowPlan => ({
        row: r.row,
        cells: r.cells,
        action,
        problems: r.problems,
        ...more,
      });
      const key = keys[i] ?? null;
      if (r.problems.length > 0) return plan('refused');
      if (key === null) {
        const title = keyFields[0]?.title ?? spec.key[0];
        return plan('refused', {
          problems: [problem(spec.key[0] ?? null, `Il campo «${title}» è obbligatorio: identifica il record`)],
        });
      }
      const earlier = seenKeys.get(key);
      if (earlier !== undefined)
        return plan('refused', {
          problems: [
            problem(
              spec.key[0] ?? null,
              `La riga ${earlier} del file ha già ${spec.key.length > 1 ? 'gli stessi' : 'lo stesso'} ${spec.key
                .map((k) => `«${fields.get(k)?.title ?? k}»`)
                .join(', ')}: ogni record va in una riga sola`,
            ),
          ],
        });
      seenKeys.set(key, r.row);
      const matches = storedByKeyText.get(key) ?? [];
      if (matches.length > 1)
        return plan('refused', {
          problems: [
            problem(spec.key[0] ?? null, `Più record salvati hanno questa chiave: non si sa quale aggiornare`),
          ],
        });
      const current = matches[0];
      if (!current) {
        const violations = checkCreate(r.values);
        return violations.length > 0
          ? plan('refused', { problems: violations.map((v) => problem(v.field.split('.')[0] ?? v.field, v.message)) })
          : plan('create', { body: r.values });
      }
      // A password in the file is for a new record only: a stored one is never changed by an import.
      const changes = Object.entries(r.values).filter(([name]) => !fields.get(name)?.secret);
      if (changes.every(([name, value]) => same(fields.get(name) as ImportField, current[name], value)))
        return plan('unchanged', { id: Number(current.id) });
      const body = { ...current, ...Object.fromEntries(changes) };
      const violations = checkUpdate(body);
      return violations.length > 0
        ? plan('refused', { problems: violations.map((v) => problem(v.field.split('.')[0] ?? v.field, v.message)) })
        : plan('update', { id: Number(current.id), body });
    });
  };
}

/** A row's cells as kept for the preview and the error file: as they read, passwords left out. */
export function keptCells(setup: ImportSetup, cells: Cell[]): Cell[] {
  return setup.columns.map((field, i) => {
    const cell = cells[i] ?? null;
    if (field?.secret || cell === null) return null;
    return cell instanceof Date ? cellText(cell) : cell;
  });
}
