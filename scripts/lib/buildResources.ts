import type {
  ColumnDefinition,
  ColumnPriority,
  ImportDefinition,
  ImportField,
  FilterDefinition,
  FilterWidget,
  FieldKind,
  FormSection,
  HistoryDefinition,
  MenuGroup,
  Operation,
  ResourceDefinition,
} from '../../src/domain/resourceDefinition.ts';
import { readOperations, type ApiOperation } from '../../src/domain/apiOperations.ts';
import { isDisplayKind } from '../../src/domain/displayFormats.ts';
import { OPERATIONS, SERVER_SET, type ServerSet } from '../../src/domain/resourceDefinition.ts';
import type { RoleName } from '../../generated/entities.ts';
import { ContractError, type ContractProblem } from './contractError.ts';
import { enumOptions, fieldKind } from './fieldKind.ts';
import { checkFieldVocabulary } from './fieldVocabulary.ts';
import { formDefinition, type FormField } from './formDefinition.ts';
import type { Contract, EntitySchema, Schema } from './loadContract.ts';
import { resolveProperty, type ResolveContext } from './resolveProperty.ts';

interface XResource {
  label: string;
  gender?: 'masculine' | 'feminine';
  plural?: boolean;
  collection?: string;
  display?: string;
  colorChip?: { background: string; text: string };
  single?: boolean;
  page?: string;
  operations?: Operation[];
  route?: string;
  menu?: MenuGroup;
  roles?: RoleName[];
  readers?: RoleName[];
  columns?: string[];
  priority?: Record<string, ColumnPriority>;
  filters?: { field: string; widget?: FilterWidget; default?: string | number | boolean }[];
  sort?: { field: string; descending: boolean };
  pageSize?: number;
  form?: string[];
  sections?: FormSection[];
  widgets?: Record<string, string>;
  references?: Record<string, string>;
  unique?: string[];
  search?: string[];
  toggles?: Record<string, string>;
  actions?: string[];
  rowFields?: string[];
  import?: { key: string | string[] };
  history?:
    | true
    | {
        parent?: { field: string; resource: string };
        skip?: string[];
        codes?: Record<string, { resource: string; key: string }>;
      };
}

const HIDDEN = new Set(['id', 'version', 'codiceLingua']);
const DISPLAY_CANDIDATES = [
  'name',
  'nome',
  'description',
  'descrizione',
  'companyName',
  'ragioneSociale',
  'role',
  'username',
  'resourceGroup',
  'code',
];
/** The filter each kind gets when x-resource.filters names none. Exhaustive over the kinds. */
const FILTER_WIDGET: Record<FieldKind, FilterWidget> = {
  text: 'text',
  longText: 'text',
  email: 'text',
  url: 'text',
  partitaIva: 'text',
  codiceFiscale: 'text',
  phone: 'text',
  time: 'text',
  color: 'text',
  colorChip: 'text',
  image: 'text',
  list: 'text',
  object: 'text',
  siNo: 'triState',
  triState: 'triState',
  enum: 'select',
  reference: 'reference',
  references: 'reference',
  date: 'date',
  dateTime: 'date',
  boolean: 'boolean',
  integer: 'number',
  number: 'number',
  money: 'number',
  percentage: 'number',
  quantity: 'number',
  duration: 'number',
  fileSize: 'number',
};
const UNSORTABLE = new Set<FieldKind>(['list', 'object', 'references', 'image']);

/** Every operation of openapi.yaml by operationId (read by the one reader of src/domain/apiOperations.ts). */
export function indexOperations(openapi: Schema): Map<string, ApiOperation> {
  return new Map(readOperations(openapi).map((op) => [op.operationId, op]));
}

/** The query parameters a list call declares, besides the generic `filters`. */
const queryParams = (op: ApiOperation | undefined) =>
  (op?.parameters ?? []).filter((p) => p.in === 'query' && p.name !== 'filters').map((p) => p.name);

/** A colour chip needs its display field among the columns and two colour fields beside it. */
function checkColorChip(
  chip: { background: string; text: string },
  displayField: string,
  columns: ColumnDefinition[],
  field: (name: string) => { kind: FieldKind },
  file: string,
  problems: ContractProblem[],
): void {
  if (!columns.some((c) => c.accessorKey === displayField))
    problems.push({
      file,
      pointer: '/x-resource/colorChip',
      reason: `the display field "${displayField}" is not a column, so no chip can show it`,
    });
  for (const key of ['background', 'text'] as const) {
    if (field(chip[key]).kind !== 'color')
      problems.push({ file, pointer: `/x-resource/colorChip/${key}`, reason: `"${chip[key]}" is not a colour field` });
  }
}

/** What a searchable list's call must take: the search and paging; a referenced one, the ids of chosen records too. */
const SEARCH_PARAMS = ['q', 'page', 'rowsPerPage'];
const SEARCHABLE_TYPES = new Set(['string', 'integer']);

/**
 * The fields `q` looks in: those declared, else the display field of a resource other screens point to (their
 * pickers search it). A searchable resource's list takes `q`, `ids` and paging; its fields are text or integers.
 */
function searchFields(
  x: XResource,
  displayField: string,
  referenced: boolean,
  listOp: ApiOperation | undefined,
  field: (name: string) => { resolved: { schema: Schema } },
  file: string,
  problems: ContractProblem[],
): string[] {
  const fields = x.search ?? (referenced && listOp && displayField !== 'id' ? [displayField] : []);
  if (fields.length === 0) return [];
  const why = x.search ? 'x-resource.search names fields to search' : 'other schemas reference this resource';
  if (!listOp) {
    problems.push({ file, pointer: '/x-resource/search', reason: `${why}, but it has no list operation` });
    return fields;
  }
  const params = new Set(listOp.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const missing = [...SEARCH_PARAMS, ...(referenced ? ['ids'] : [])].filter((p) => !params.has(p));
  if (missing.length > 0)
    problems.push({
      file,
      pointer: '/x-resource',
      reason: `${why}: its list call ${listOp.operationId} needs the query parameters ${missing.join(', ')} (openapi.yaml: Q, Page, RowsPerPage, and Ids for a referenced resource)`,
    });
  fields.forEach((name, i) => {
    const type = field(name).resolved.schema.type;
    const main = (Array.isArray(type) ? type : [type]).find((t) => t !== 'null');
    if (!SEARCHABLE_TYPES.has(String(main)))
      problems.push({ file, pointer: `/x-resource/search/${i}`, reason: `"${name}" is not text nor an integer` });
  });
  return fields;
}

/** The answers of a resource whose fields point to others carry those records' names (`references`). */
function checkReferenceAnswers(api: ResourceDefinition['api'], ops: Map<string, ApiOperation>, file: string) {
  const problems: ContractProblem[] = [];
  for (const verb of ['list', 'get'] as const) {
    const op = api[verb] && ops.get(api[verb].operationId);
    type Answer = { type?: unknown; properties?: Record<string, Answer> } | null | undefined;
    const answer = op?.responses['200'] as Answer;
    // A list whose page sits one level down (SPEC.md section 7: GET /api/offers) names its records beside the rows.
    const page = answer?.properties?.data?.type === 'object' ? answer.properties.data : answer;
    if (op && !page?.properties?.references)
      problems.push({
        file,
        pointer: '/x-resource/references',
        reason: `the answer of ${op.operationId} must declare "references" (openapi.yaml: ReferenceLabels)`,
      });
  }
  return problems;
}

/** Sections, when given, hold every form field exactly once and nothing else. */
function checkSections(sections: FormSection[], fields: FormField[], file: string, problems: ContractProblem[]): void {
  if (sections.length === 0) return;
  const form = new Set(fields.map((f) => f.name));
  const seen = new Set<string>();
  sections.forEach((section, i) =>
    section.fields.forEach((name, j) => {
      const pointer = `/x-resource/sections/${i}/fields/${j}`;
      if (!form.has(name)) problems.push({ file, pointer, reason: `"${name}" is not a field of the form` });
      else if (seen.has(name)) problems.push({ file, pointer, reason: `"${name}" is already in another section` });
      seen.add(name);
    }),
  );
  const missing = [...form].filter((n) => !seen.has(n));
  if (missing.length > 0)
    problems.push({ file, pointer: '/x-resource/sections', reason: `no section holds ${missing.join(', ')}` });
}

/** Properties the server fills (x-server-set): a known value, on a readOnly property. */
function serverSetFields(
  props: Record<string, Schema>,
  file: string,
  problems: ContractProblem[],
): Map<string, ServerSet> {
  const out = new Map<string, ServerSet>();
  for (const [name, prop] of Object.entries(props)) {
    const value = prop['x-server-set'];
    if (value === undefined) continue;
    const pointer = `/properties/${name}/x-server-set`;
    if (!SERVER_SET.includes(value as ServerSet))
      problems.push({ file, pointer, reason: `must be one of ${SERVER_SET.join(', ')}` });
    else if (prop.readOnly !== true)
      problems.push({ file, pointer, reason: 'a field the server fills must be readOnly' });
    else out.set(name, value as ServerSet);
  }
  return out;
}

/** Kinds no cell of a file can hold: a picture, a structure, a chip drawn from other fields. */
const NOT_IMPORTABLE = new Set<FieldKind>(['image', 'object', 'colorChip']);

/**
 * What a file may fill (x-resource.import): the form's fields less those the server owns (readOnly,
 * x-server-set, x-written-by) and those no cell holds; the key among them, and the calls an import makes.
 */
function importDefinition(
  x: XResource,
  fields: FormField[],
  props: Record<string, Schema>,
  required: string[],
  api: ResourceDefinition['api'],
  file: string,
  problems: ContractProblem[],
): ImportDefinition | null {
  if (!x.import) return null;
  const out: ImportField[] = [];
  for (const f of fields) {
    const raw = props[f.name] ?? {};
    if (raw.readOnly || f.schema.readOnly || f.serverSet || raw['x-written-by'] !== undefined) continue;
    if (NOT_IMPORTABLE.has(f.kind)) continue;
    const items = (f.schema.items ?? {}) as Schema;
    if (f.kind === 'list' && items.type !== 'string' && !enumOptions(f.schema)) continue;
    const options = enumOptions(f.schema);
    const digits = typeof f.schema.pattern === 'string' ? /^\^\\d\{(\d+)\}\$$/.exec(f.schema.pattern)?.[1] : undefined;
    out.push({
      name: f.name,
      title: String(f.schema.title ?? f.name),
      kind: f.kind,
      required: required.includes(f.name),
      ...(f.reference ? { reference: f.reference } : {}),
      ...(options ? { options } : {}),
      ...(f.kind === 'list' || f.kind === 'references' ? { many: true } : {}),
      ...(digits ? { digits: Number(digits) } : {}),
      ...(raw.writeOnly || f.schema.writeOnly ? { secret: true } : {}),
    });
  }
  const key = Array.isArray(x.import.key) ? x.import.key : [x.import.key];
  key.forEach((name, i) => {
    const field = out.find((f) => f.name === name);
    const pointer = Array.isArray(x.import?.key) ? `/x-resource/import/key/${i}` : '/x-resource/import/key';
    if (!field) problems.push({ file, pointer, reason: `"${name}" is not a field a file may fill` });
    else if (field.many || field.secret) problems.push({ file, pointer, reason: `"${name}" cannot identify a record` });
  });
  for (const op of ['create', 'update'] as const)
    if (!api[op]) problems.push({ file, pointer: '/x-resource/import', reason: `an import needs the ${op} operation` });
  return { key, fields: out };
}

/**
 * Properties only named operations may change (x-written-by): one operationId of openapi.yaml or a list of
 * them. The generic create and update refuse a value other than the stored one (schemas/README.md).
 */
function writtenByFields(
  props: Record<string, Schema>,
  ops: Map<string, ApiOperation>,
  file: string,
  problems: ContractProblem[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, prop] of Object.entries(props)) {
    const value = prop['x-written-by'];
    if (value === undefined) continue;
    const pointer = `/properties/${name}/x-written-by`;
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === 'string')) {
      problems.push({ file, pointer, reason: 'an operationId of openapi.yaml, or a non-empty list of them' });
      continue;
    }
    const unknown = list.filter((id) => !ops.has(id));
    if (unknown.length > 0)
      problems.push({
        file,
        pointer,
        reason: `no operation ${unknown.map((u) => `"${u}"`).join(', ')} in openapi.yaml`,
      });
    else if (prop['x-server-set'] !== undefined)
      problems.push({ file, pointer, reason: 'a field the server fills (x-server-set) is written by every save' });
    else out.set(name, list);
  }
  return out;
}

/**
 * The fields a record's history shows (x-resource.history): every visible one but those the server stamps on
 * each write and those the schema skips (a token); with the record that also shows it (an offer's negotiation).
 */
function historyDefinition(
  x: XResource,
  visible: string[],
  serverSet: ReadonlyMap<string, ServerSet>,
  field: (name: string) => { resolved: { schema: Schema }; kind: FieldKind },
  references: Record<string, string>,
  known: ReadonlyMap<string, Schema>,
  file: string,
  problems: ContractProblem[],
): HistoryDefinition | null {
  if (!x.history) return null;
  const { parent, skip = [], codes = {} } = x.history === true ? {} : x.history;
  for (const [name, code] of Object.entries(codes)) {
    const pointer = `/x-resource/history/codes/${name}`;
    if (!visible.includes(name)) problems.push({ file, pointer, reason: `"${name}" is not a property` });
    const target = known.get(code.resource);
    if (!target) problems.push({ file, pointer, reason: `no resource "${code.resource}"` });
    else if (!(code.key in ((target.properties ?? {}) as Record<string, unknown>)))
      problems.push({ file, pointer, reason: `"${code.key}" is not a property of "${code.resource}"` });
  }
  skip.forEach((name, i) => {
    if (!visible.includes(name))
      problems.push({ file, pointer: `/x-resource/history/skip/${i}`, reason: `"${name}" is not a property` });
  });
  if (parent && !visible.includes(parent.field))
    problems.push({ file, pointer: '/x-resource/history/parent/field', reason: `"${parent.field}" is not a property` });
  if (parent && !known.has(parent.resource))
    problems.push({ file, pointer: '/x-resource/history/parent/resource', reason: `no resource "${parent.resource}"` });
  const fields = visible
    .filter((n) => !serverSet.has(n) && !skip.includes(n))
    .map((name) => {
      const f = field(name);
      const options = enumOptions(f.resolved.schema);
      return {
        name,
        title: String(f.resolved.schema.title ?? name),
        kind: f.kind,
        ...(options ? { options } : {}),
        ...(references[name] ? { reference: references[name] } : {}),
        ...(codes[name] ? { codeOf: codes[name] } : {}),
      };
    });
  return { fields, ...(parent ? { parent } : {}) };
}

function buildOne(
  entity: EntitySchema,
  ctx: ResolveContext,
  ops: Map<string, ApiOperation>,
  referenced: ReadonlySet<string>,
  known: ReadonlyMap<string, Schema>,
  problems: ContractProblem[],
): ResourceDefinition {
  const file = `schemas/${entity.file}.json`;
  const x = entity.schema['x-resource'] as XResource;
  const props = (entity.schema.properties ?? {}) as Record<string, Schema>;
  const references = x.references ?? {};
  const widgets = x.widgets ?? {};
  const field = (name: string) => {
    const resolved = resolveProperty(props[name] ?? {}, ctx);
    return { name, resolved, kind: fieldKind(resolved, references[name], widgets[name]) };
  };

  const api: ResourceDefinition['api'] = {};
  for (const op of OPERATIONS) {
    const found = ops.get(`${op}${entity.typeName}`);
    if (found) api[op] = { operationId: found.operationId, method: found.method.toLowerCase(), path: found.path };
    else if (x.operations?.includes(op)) {
      problems.push({
        file,
        pointer: '/x-resource/operations',
        reason: `"${op}" needs the operation ${op}${entity.typeName} in openapi.yaml`,
      });
    }
  }
  const call = (operationId: string, pointer: string) => {
    const found = ops.get(operationId);
    if (!found) problems.push({ file, pointer, reason: `no operation "${operationId}" in openapi.yaml` });
    return { operationId, method: found?.method.toLowerCase() ?? '', path: found?.path ?? '' };
  };
  const toggles = Object.entries(x.toggles ?? {}).map(([name, operationId]) => ({
    field: name,
    call: call(operationId, `/x-resource/toggles/${name}`),
  }));
  const actions = (x.actions ?? []).map((operationId, i) => call(operationId, `/x-resource/actions/${i}`));
  const listQuery = new Set(api.list ? queryParams(ops.get(api.list.operationId)) : []);

  const displayField = x.display ?? DISPLAY_CANDIDATES.find((c) => c in props) ?? 'id';
  const listOp = api.list && ops.get(api.list.operationId);
  const search = searchFields(x, displayField, referenced.has(entity.name), listOp, field, file, problems);
  if (Object.keys(references).length > 0) problems.push(...checkReferenceAnswers(api, ops, file));
  const visible = Object.keys(props).filter((n) => !HIDDEN.has(n) && !props[n]?.writeOnly);
  const columns: ColumnDefinition[] = (x.columns ?? visible).map((name) => {
    const f = field(name);
    const options = enumOptions(f.resolved.schema);
    const chip = x.colorChip && name === displayField ? x.colorChip : undefined;
    return {
      accessorKey: name,
      header: String(f.resolved.schema.title ?? name),
      kind: chip ? 'colorChip' : f.kind,
      enableSorting: !UNSORTABLE.has(f.kind),
      // The field that names a record names its row too: it stays in view however narrow the screen.
      priority: x.priority?.[name] ?? (name === displayField ? 1 : 2),
      ...(options ? { options } : {}),
      ...(references[name] ? { reference: references[name] } : {}),
      ...(chip ? { colors: { background: chip.background, text: chip.text } } : {}),
    };
  });
  for (const name of Object.keys(x.priority ?? {}))
    if (!columns.some((c) => c.accessorKey === name))
      problems.push({ file, pointer: `/x-resource/priority/${name}`, reason: `"${name}" is not a column` });
  if (x.colorChip) checkColorChip(x.colorChip, displayField, columns, field, file, problems);
  const filters: FilterDefinition[] = (x.filters ?? []).map((def) => {
    const f = field(def.field);
    const options = enumOptions(f.resolved.schema);
    return {
      field: def.field,
      label: String(f.resolved.schema.title ?? def.field),
      widget: def.widget ?? FILTER_WIDGET[f.kind],
      param: listQuery.has(def.field) ? 'query' : 'filters',
      ...(options ? { options } : {}),
      ...(references[def.field] ? { reference: references[def.field] } : {}),
      ...(def.default !== undefined ? { default: def.default } : {}),
    };
  });
  // A declared search is the list's first filter: one box for the words `q` looks for in those fields.
  const qParam = listOp?.parameters.find((p) => p.in === 'query' && p.name === 'q');
  if (x.search && qParam)
    filters.unshift({
      field: 'q',
      label: String(qParam.schema.title ?? 'q'),
      widget: 'text',
      param: 'query',
      looksIn: search.map((n) => String(field(n).resolved.schema.title ?? n)),
      ...(qParam['x-search-max-rows'] ? { maxRows: qParam['x-search-max-rows'] } : {}),
    });
  const serverSet = serverSetFields(props, file, problems);
  const writtenBy = writtenByFields(props, ops, file, problems);
  // The form: the writable fields, then those the server fills, read-only.
  const formNames = x.form ?? [
    ...visible.filter((n) => !props[n]?.readOnly),
    ...visible.filter((n) => serverSet.has(n)),
  ];
  const formFields: FormField[] = formNames.map((name) => {
    const f = field(name);
    return {
      name,
      schema: f.resolved.schema,
      kind: f.kind,
      reference: references[name],
      widget: widgets[name],
      serverSet: serverSet.get(name),
      writtenBy: writtenBy.get(name),
    };
  });
  checkSections(x.sections ?? [], formFields, file, problems);
  (x.rowFields ?? []).forEach((name, i) => {
    if (!(name in props))
      problems.push({ file, pointer: `/x-resource/rowFields/${i}`, reason: `"${name}" is not a property` });
  });
  const history = historyDefinition(x, visible, serverSet, field, references, known, file, problems);
  const listFields = [
    ...new Set([
      ...columns.flatMap((c) => [c.accessorKey, ...(c.colors ? [c.colors.background, c.colors.text] : [])]),
      displayField,
      ...toggles.map((t) => t.field),
      ...(x.rowFields ?? []),
    ]),
  ].filter((f) => f !== 'id' && f !== 'version');

  return {
    name: entity.name,
    title: String(entity.schema.title ?? entity.name),
    grammar: { gender: x.gender ?? 'masculine', plural: x.plural ?? false },
    label: x.label,
    collection: x.collection ?? null,
    api,
    route: x.route ?? null,
    menu: x.menu ?? null,
    roles: x.roles ?? [],
    readers: x.readers ?? [],
    displayField,
    search,
    searchKinds: Object.fromEntries(
      search.flatMap((n) => {
        const kind: string = field(n).kind;
        return isDisplayKind(kind) ? [[n, kind] as const] : [];
      }),
    ),
    columns,
    filters,
    sort: x.sort ?? null,
    pageSize: x.pageSize ?? 30,
    unique: x.unique ?? [],
    writtenBy: [...writtenBy.keys()],
    single: x.single ?? false,
    page: x.page ?? null,
    toggles,
    actions,
    listFields,
    form: formDefinition(
      String(entity.schema.title ?? entity.name),
      formFields,
      (entity.schema.required ?? []) as string[],
      x.sections,
    ),
    history,
    import: importDefinition(
      x,
      // The form's fields, then the others a person may write (a contact's customer, set by its page).
      [
        ...formFields,
        ...visible
          .filter((n) => !formNames.includes(n))
          .map((name) => {
            const f = field(name);
            return {
              name,
              schema: f.resolved.schema,
              kind: f.kind,
              reference: references[name],
              widget: widgets[name],
            };
          }),
      ],
      props,
      (entity.schema.required ?? []) as string[],
      api,
      file,
      problems,
    ),
  };
}

/** Plain resource definitions for every entity; a ContractError when schema and API disagree. */
export function buildResources(contract: Contract): ResourceDefinition[] {
  const ctx: ResolveContext = {
    common: contract.common,
    files: new Map(contract.entities.map((e) => [e.file, e.schema])),
  };
  const ops = indexOperations(contract.openapi);
  const problems: ContractProblem[] = [];
  for (const e of contract.entities) checkFieldVocabulary(e, ctx, problems);
  const referenced = new Set(
    contract.entities.flatMap((e) =>
      Object.values((e.schema['x-resource'] as XResource | undefined)?.references ?? {}),
    ),
  );
  const known = new Map(contract.entities.map((e) => [e.name, e.schema]));
  const defs = contract.entities.map((e) => buildOne(e, ctx, ops, referenced, known, problems));
  if (problems.length > 0) throw new ContractError(problems);
  return defs;
}
