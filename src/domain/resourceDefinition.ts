import type { RoleName } from '../../generated/entities.ts';
import type { DisplayKind } from './displayFormats.ts';

/** What a field is, for choosing its table cell and its form widget. */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'email'
  | 'url'
  | 'integer'
  /** A decimal with no stated meaning: Italian number with 2 to 4 decimals. */
  | 'number'
  /** Euros (x-kind money). */
  | 'money'
  /** Percent points 0-100 as stored (x-kind percentage): 8.5 is 8,50%. */
  | 'percentage'
  /** A counted or measured amount (km, kg, hours): Italian number, no forced decimals (x-kind quantity). */
  | 'quantity'
  /** Seconds (x-kind duration), shown as mm:ss or h:mm:ss. */
  | 'duration'
  /** Bytes (x-kind fileSize), shown in Byte, KB, MB or GB. */
  | 'fileSize'
  /** A telephone number as typed (x-kind phone), shown in dotted groups. */
  | 'phone'
  | 'boolean'
  | 'siNo'
  | 'triState'
  | 'enum'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'color'
  /** The display field of a record with its own colours (x-resource.colorChip): its name in a chip of those colours. */
  | 'colorChip'
  | 'image'
  | 'reference'
  | 'references'
  | 'partitaIva'
  | 'codiceFiscale'
  | 'list'
  | 'object';

export const MENU_GROUPS = [
  'contactCenter',
  'trattative',
  'configurazioneTrattative',
  'offerte',
  'configurazioneOfferte',
  'service',
  'configurazioneAccettazione',
  'inventarioMezzi',
  'utenti',
  'configurazioneCrm',
  'crm',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export const OPERATIONS = ['list', 'get', 'create', 'update', 'delete', 'uploadImage', 'downloadImage'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** operationIds of the calls every resource may have: `<operation><Type>`, e.g. listNation, uploadImageGruppoRisorse. */
export const GENERIC_OPERATION = new RegExp(`^(${OPERATIONS.join('|')})([A-Z][A-Za-z]*)$`);

/**
 * What the server writes into a field whatever the client sends (x-server-set on a readOnly property):
 * the time of creation, of the last change, and the username of who created or last changed the record.
 */
export const SERVER_SET = ['created', 'updated', 'creator', 'updater'] as const;
export type ServerSet = (typeof SERVER_SET)[number];

export const FILTER_WIDGETS = [
  'text',
  'number',
  'date',
  'dateRange',
  'triState',
  'select',
  'reference',
  'boolean',
] as const;
export type FilterWidget = (typeof FILTER_WIDGETS)[number];

/** Ends of a date range filter: `<field>From` and `<field>To`, inclusive days (the server reads the same keys). */
export const RANGE_SUFFIXES = ['From', 'To'] as const;

/** The keys a filter holds in the list's state, the URL and the call: its field, or both ends of a range. */
export const filterKeys = (filter: { field: string; widget: FilterWidget }): string[] =>
  filter.widget === 'dateRange' ? RANGE_SUFFIXES.map((s) => `${filter.field}${s}`) : [filter.field];

/** RJSF's own widgets a schema may name. */
export const RJSF_WIDGETS = ['text', 'textarea', 'password', 'color', 'checkbox', 'select'] as const;
/** Our widgets (src/web/fields/widgetRegistry.tsx must have each). */
export const OWN_WIDGETS = [
  'image',
  'yesNo',
  'multiSelect',
  'commaList',
  'reference',
  'references',
  'date',
  'dateTime',
  'time',
  'number',
  'money',
  'percentage',
  'duration',
  'phone',
] as const;
export const FORM_WIDGETS = [...RJSF_WIDGETS, ...OWN_WIDGETS] as const;
export type OwnWidget = (typeof OWN_WIDGETS)[number];
export type FormWidget = (typeof FORM_WIDGETS)[number];

/** A titled group of form fields (x-resource.sections), laid out in a grid. */
export interface FormSection {
  title: string;
  fields: string[];
}

export interface EnumOption {
  value: string | number | boolean;
  label: string;
}

export interface ColumnDefinition {
  accessorKey: string;
  header: string;
  kind: FieldKind;
  enableSorting: boolean;
  options?: EnumOption[];
  /** The resource a foreign key points to, shown by its display field. */
  reference?: string;
  /** For a colorChip: the fields of the same record holding its background and text colours. */
  colors?: { background: string; text: string };
  /** Its rank when the screen is narrow (x-resource.priority); absent: 2. */
  priority?: ColumnPriority;
}

/**
 * A column's rank when a list is wider than its screen (x-resource.priority): 1 names the row and stays in view,
 * 2 and 3 go into the row's detail from the lowest rank up; 'detail' starts there, until the user shows it.
 */
export const COLUMN_PRIORITIES = [1, 2, 3, 'detail'] as const;
export type ColumnPriority = (typeof COLUMN_PRIORITIES)[number];

export interface FilterDefinition {
  field: string;
  label: string;
  widget: FilterWidget;
  /** 'query' when the list call takes it as its own parameter, else inside `filters`. */
  param: 'query' | 'filters';
  options?: EnumOption[];
  reference?: string;
  default?: string | number | boolean;
  /** Of the search box (`q`): the titles of the fields it looks in. */
  looksIn?: string[];
  /** Of the search box (`q`): a page of the list holds at most this many rows while it is filled. */
  maxRows?: number;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** One call of openapi.yaml. */
export interface ApiCall {
  operationId: string;
  method: string;
  path: string;
}

/** How phrases agree with a title: "Nuova attività", "Nuovo agente" (x-resource.gender, x-resource.plural). */
export interface Grammar {
  gender: 'masculine' | 'feminine';
  plural: boolean;
}

/** A field a column of an imported file may fill (x-resource.import): what its cells must become. */
export interface ImportField {
  name: string;
  /** The Italian title: the column header a file is expected to use. */
  title: string;
  kind: FieldKind;
  /** A new record needs it (the schema's required). */
  required: boolean;
  /** The resource a reference (or a list of them) points to: a cell names it by code or name. */
  reference?: string;
  options?: EnumOption[];
  /** A list (of options, references or texts): a cell holds its values separated by commas or semicolons. */
  many?: boolean;
  /** A text of exactly these digits (pattern ^\d{N}$): a number cell gets its leading zeros back (CAP 06100). */
  digits?: number;
  /** Typed by a person and never shown back (a password): left out of previews and error files. */
  secret?: boolean;
}

/** Import of a company's own records from a file (x-resource.import). */
export interface ImportDefinition {
  /** The fields that identify a record: a row whose key matches a stored record updates it. */
  key: string[];
  /** The fields a column may fill: the form's, less those the server owns. */
  fields: ImportField[];
}

/** A field as a record's history shows it: its Italian title and the kind its values are formatted by. */
export interface HistoryField {
  name: string;
  title: string;
  kind: FieldKind;
  options?: EnumOption[];
  /** The resource a reference (or a list of them) points to: its old and new records are links. */
  reference?: string;
  /** The resource whose record this code names (by its `key` column): the history shows that record's name. */
  codeOf?: { resource: string; key: string };
}

/** The server keeps every change of the resource's records (x-resource.history): what its "Storico" shows. */
export interface HistoryDefinition {
  fields: HistoryField[];
  /** The record whose history shows this one's too (an offer in its negotiation's): the field naming it, and its resource. */
  parent?: { field: string; resource: string };
}

export interface ResourceDefinition {
  name: string;
  /** Singular Italian title of one record. */
  title: string;
  grammar: Grammar;
  /** Plural Italian label for menus and page titles. */
  label: string;
  collection: string | null;
  /** The calls of openapi.yaml behind each operation, found by operationId (list<Type>, get<Type>, ...). */
  api: Partial<Record<Operation, ApiCall>>;
  route: string | null;
  menu: MenuGroup | null;
  roles: RoleName[];
  /** Roles that may also read the records whole (list and get, not export nor write), e.g. the tables a workflow prices with. */
  readers: RoleName[];
  /** The field that names a record wherever it is referenced. */
  displayField: string;
  /**
   * The fields a search (`q`) of its list looks in: `x-resource.search`, else the display field when other
   * resources reference it (their pickers search it); empty when its list takes no `q`.
   */
  search: string[];
  /** The search fields that read in a format of their kind (a phone number), shown so under a picker's names. */
  searchKinds: Partial<Record<string, DisplayKind>>;
  columns: ColumnDefinition[];
  filters: FilterDefinition[];
  sort: { field: string; descending: boolean } | null;
  /** 0 means no pagination (page=0&rowsPerPage=0). */
  pageSize: number;
  /** Fields no two records may share (text compared without case); the server answers 409 on a duplicate. */
  unique: string[];
  /** Fields only their own operations write (x-written-by): a record's save never carries them. */
  writtenBy: string[];
  /** One record only (general settings): the screen is its form, not a list. */
  single: boolean;
  /** A hand-built page that edits one record (`<page>` new, `<page>/<id>` existing) instead of the dialog. */
  page: string | null;
  /** Yes/no fields switched from the table by a call of their own (PUT path with {id} and {status} "true"/"false"). */
  toggles: { field: string; call: ApiCall }[];
  /** Further row actions, each a call whose button a workflow registers (src/web/resources/resourceExtensions.ts). */
  actions: ApiCall[];
  /**
   * The fields a list asks for (`fields=`): its columns (their colours too), display field, switches and
   * x-resource.rowFields; id and version come always. The edit dialog reads the whole record by id.
   */
  listFields: string[];
  form: { schema: JsonObject; uiSchema: JsonObject };
  /** Records may be imported from an Excel or CSV file (x-resource.import), or not. */
  import: ImportDefinition | null;
  /** The server keeps the record's changes (x-resource.history), or not. */
  history: HistoryDefinition | null;
}

/** What the menu, the router and the role checks need, without the heavy definition. */
export interface ResourceIndexEntry extends Pick<
  ResourceDefinition,
  | 'name'
  | 'title'
  | 'grammar'
  | 'label'
  | 'collection'
  | 'route'
  | 'menu'
  | 'roles'
  | 'displayField'
  | 'search'
  | 'searchKinds'
  | 'sort'
> {
  /** Path of the list call, when there is one. */
  list: string | null;
  load: () => Promise<ResourceDefinition>;
}
