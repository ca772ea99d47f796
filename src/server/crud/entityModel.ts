import type { ServerSet } from '../../domain/resourceDefinition.ts';
import type { Contract, JsonSchema } from '../contract/contract.ts';
import type { HistoryPlan } from './history.ts';

export type SqlType =
  'text' | 'integer' | 'double precision' | 'numeric(14,2)' | 'boolean' | 'date' | 'timestamptz' | 'jsonb';

export interface Column {
  name: string;
  /** The Italian title a message names the field by. */
  title: string;
  sqlType: SqlType;
  readOnly: boolean;
  nullable: boolean;
  /** The schema's default, applied when a new record leaves the field out. */
  default?: unknown;
  /** Written by the server on create or update whatever the client sends (x-server-set). */
  serverSet?: ServerSet;
  /**
   * Only these operations change it (x-written-by), each with its Italian summary: a client's body may
   * carry it only as stored (crud/writtenBy.ts).
   */
  writtenBy?: { operationId: string; summary: string }[];
  /** Its values are a closed list (enum, or oneOf of consts): a filter names one of them, it does not search. */
  closed?: true;
  /** A phone number (x-kind phone): a search finds it by its digits too, however it was written or typed. */
  phone?: true;
}

/** A column the server keeps beside the schema's fields (x-resource.internal): never read from nor sent to a client. */
export interface InternalColumn {
  name: string;
  /** Its SQL type, with NOT NULL DEFAULT when the declaration has a default. */
  sql: string;
}

export interface EntityModel {
  typeName: string;
  table: string;
  columns: Column[];
  byName: Map<string, Column>;
  internal: InternalColumn[];
  /** The indexes the schema declares (`x-resource.indexes`), beside those of its filters and sort. */
  indexes: DeclaredIndex[];
  /** The fields a search (`q`) looks in, kept folded in one column (crud/search.ts); empty when not searchable. */
  search: readonly string[];
  /** What the writes of its records leave in the history (x-resource.history), or nothing. */
  history?: HistoryPlan;
}

/**
 * `btree` (the default): the columns in order, for an equality filter and a sort that a page reads in
 * index order. `trigram`: a GIN index of each column's trigrams, for the lists' `ILIKE '%text%'` filter.
 */
export interface DeclaredIndex {
  fields: string[];
  using?: 'btree' | 'trigram';
}

/** What schemas/README.md calls the x-resource block, as far as tables are concerned. */
interface XResourceStorage {
  stored?: boolean;
  collection?: string;
  internal?: Record<string, JsonSchema>;
  indexes?: DeclaredIndex[];
}
const storage = (schema: JsonSchema) => (schema['x-resource'] ?? {}) as XResourceStorage;

/** Whether a resource has a table of its own: it has a collection and its schema does not say `stored: false`. */
export const isStored = (schema: JsonSchema) => !!storage(schema).collection && storage(schema).stored !== false;

const sqlLiteral = (v: unknown) =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

function sqlType(s: JsonSchema): SqlType {
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  const main =
    types.find((t) => t && t !== 'null') ??
    (Array.isArray(s.oneOf) ? typeof (s.oneOf as { const: unknown }[])[0]?.const : 'string');
  switch (main) {
    case 'integer':
      return 'integer';
    case 'number':
      return s.multipleOf === 0.01 ? 'numeric(14,2)' : 'double precision';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'object':
      return 'jsonb';
    default:
      return s.format === 'date' ? 'date' : s.format === 'date-time' ? 'timestamptz' : 'text';
  }
}

const isClosed = (s: JsonSchema) =>
  Array.isArray(s.enum) ||
  (Array.isArray(s.oneOf) && (s.oneOf as JsonSchema[]).every((o) => 'const' in o || o.type === 'null'));

/** Table and columns of an entity, straight from its schema: writeOnly fields are never stored. */
export function entityModel(
  contract: Contract,
  typeName: string,
  table: string,
  search: readonly string[] = [],
): EntityModel {
  const schema = contract.entitySchema(typeName);
  const columns: Column[] = [];
  const summaries = new Map(contract.operations.map((op) => [op.operationId as string, op.summary]));
  for (const [name, raw] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const prop = contract.resolve(raw);
    if (name === 'id' || prop.writeOnly) continue;
    const types = Array.isArray(prop.type) ? (prop.type as string[]) : [];
    const writers = raw['x-written-by'];
    const writtenBy = (typeof writers === 'string' ? [writers] : Array.isArray(writers) ? writers : []).map(
      (operationId) => ({ operationId: String(operationId), summary: summaries.get(String(operationId)) ?? '' }),
    );
    columns.push({
      name,
      title: typeof prop.title === 'string' ? prop.title : name,
      sqlType: sqlType(prop),
      readOnly: prop.readOnly === true,
      nullable: types.includes('null'),
      ...(isClosed(prop) ? { closed: true as const } : {}),
      ...((raw['x-kind'] ?? prop['x-kind']) === 'phone' ? { phone: true as const } : {}),
      ...('default' in prop ? { default: prop.default } : {}),
      ...(typeof raw['x-server-set'] === 'string' ? { serverSet: raw['x-server-set'] as ServerSet } : {}),
      ...(writtenBy.length > 0 ? { writtenBy } : {}),
    });
  }
  const internal = Object.entries(storage(schema).internal ?? {}).map(([name, column]) => ({
    name,
    sql: `${sqlType(column)}${'default' in column ? ` NOT NULL DEFAULT ${sqlLiteral(column.default)}` : ''}`,
  }));
  const byName = new Map(columns.map((c) => [c.name, c]));
  const indexes = storage(schema).indexes ?? [];
  for (const { fields } of indexes)
    for (const f of fields)
      if (f !== 'id' && !byName.has(f)) throw new Error(`${typeName}: x-resource.indexes names ${f}, not a column`);
  for (const f of search)
    if (!byName.has(f)) throw new Error(`${typeName}: x-resource.search names ${f}, not a column`);
  return { typeName, table, columns, byName, internal, indexes, search };
}

export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
