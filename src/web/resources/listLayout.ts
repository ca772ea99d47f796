import type { ColumnDefinition, FieldKind, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Measure } from './textWidth.ts';

/** A cell's text keeps 8 px from each side. */
export const CELL_PADDING = 16;
/** A sortable header's arrow beside its title (below it when the column is too narrow for both). */
export const SORT_ARROW = 22;
/** The column of the button that opens a row's detail. */
export const EXPAND_WIDTH = 48;
/** Below this width a list shows its rows as cards. */
export const CARDS_BELOW = 600;
/** A one-line value is given this much more than it measures, against rounding. */
const SLACK = 2;
/** The longest word a column of names widens for, before breaking it. */
const WORD = 160;
/** A cut column is never made narrower than this. */
const FLOOR = 64;

/**
 * How a kind's values take room: on one line, as wide as the widest (figures, dates, codes: never cut; the
 * sample sizes the column before any row is known); broken between words only (a date and its time); or on up
 * to two lines between a least and a comfortable width, cut beyond with the whole value on hover (names).
 */
type KindFit =
  { wrap: 'none'; sample: string } | { wrap: 'words'; sample: string } | { wrap: 'lines'; min: number; ideal: number };

const oneLine = (sample: string): KindFit => ({ wrap: 'none', sample });
const lines = (min: number, ideal: number): KindFit => ({ wrap: 'lines', min, ideal });

/** Exhaustive over the kinds: a new kind is sized before it can be listed. */
const KIND_FIT: Record<FieldKind, KindFit> = {
  text: lines(96, 260),
  longText: lines(120, 320),
  email: lines(120, 240),
  url: lines(120, 240),
  reference: lines(72, 160),
  references: lines(96, 240),
  list: lines(96, 240),
  colorChip: lines(96, 200),
  object: lines(96, 200),
  enum: lines(80, 180),
  integer: oneLine('99.999'),
  number: oneLine('9.999,99'),
  money: oneLine('99.999,00 €'),
  percentage: oneLine('100,00%'),
  quantity: oneLine('125.000'),
  duration: oneLine('1:02:03'),
  fileSize: oneLine('999,9 KB'),
  phone: oneLine('333.123.4567'),
  partitaIva: oneLine('01234567890'),
  codiceFiscale: oneLine('RSSMRA80A01H501U'),
  date: oneLine('26-11-2026'),
  time: oneLine('13:22'),
  boolean: oneLine('No'),
  siNo: oneLine('No'),
  triState: oneLine('No'),
  image: oneLine('No'),
  color: oneLine('#FFFFFF'),
  dateTime: { wrap: 'words', sample: '26-11-2026 13:22' },
};
/** A colour's swatch before its code. */
const SWATCH = 24;
/** An enumeration whose longest label is at most this wide stays on one line. */
const SHORT_LABELS = 120;

export interface LayoutInput {
  columns: ColumnDefinition[];
  /** The table's room, its scroll bar's gutter excluded. */
  width: number;
  /** Width of the column of row buttons, 0 when there is none. */
  actions: number;
  /** The user's choices: false hides a column everywhere, true puts it in the table before the others. */
  visibility: Record<string, boolean | undefined>;
  /** The shown texts of a column's cells on this page, or null when only the app can draw them (names of references). */
  values: (column: ColumnDefinition) => string[] | null;
  /** Fields whose cell is a control of a known width (a switch) rather than text. */
  controls?: Record<string, number>;
  measure: Measure;
}

export interface TableLayout {
  mode: 'table';
  /** The columns in the table, in their order, with their widths in pixels: with the others, the whole room. */
  columns: { key: string; width: number }[];
  /** The columns in each row's detail, in their order. */
  detail: string[];
  /** Whether rows have a detail, and so the column of its button (EXPAND_WIDTH). */
  expand: boolean;
}

export interface CardLayout {
  mode: 'cards';
  /** What names each card, on its first line. */
  title: string[];
  /** Shown under it with their labels. */
  facts: string[];
  /** In the card's detail. */
  detail: string[];
}

export type ListLayout = TableLayout | CardLayout;

const rank = (c: ColumnDefinition, visibility: LayoutInput['visibility']): number =>
  visibility[c.accessorKey] === true ? 0 : c.priority === 'detail' ? Infinity : (c.priority ?? 2);

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const widest = (texts: string[], measure: (t: string) => number) => texts.reduce((w, t) => Math.max(w, measure(t)), 0);

interface Size {
  key: string;
  /** The least width it is given: its header's longest word and, unless it may be cut, its values whole. */
  least: number;
  /** As wide as it would like to be. */
  ideal: number;
  /** Below its least down to this, it is cut (with the whole value on hover). */
  floor: number;
  /** Its values run on two lines: such columns take what room is left. */
  lines: boolean;
  /** How much of the room left it takes towards its ideal: the row's name first. */
  weight: number;
}

/** What a column needs and would like, from its header, its kind and (when known) the values on the page. */
function sizeOf(c: ColumnDefinition, input: LayoutInput, withValues: boolean): Size {
  const normal = (t: string) => input.measure(t, 'normal');
  const key = c.accessorKey;
  // A header breaks between its words; its sort arrow follows the last one, on a line of its own when it must.
  const header = widest(words(c.header), (t) => input.measure(t, 'bold')) + CELL_PADDING;
  const arrowed = header + (c.enableSorting ? SORT_ARROW : 0);
  const control = input.controls?.[key];
  if (control !== undefined) {
    const least = Math.max(header, control + CELL_PADDING);
    return { key, least, ideal: Math.max(least, arrowed), floor: least, lines: false, weight: 1 };
  }
  const values = withValues ? input.values(c) : null;
  const labels = c.options?.map((o) => o.label);
  let fit = KIND_FIT[c.kind];
  if (labels && fit.wrap === 'lines' && widest(labels, normal) <= SHORT_LABELS) fit = oneLine('');
  if (fit.wrap === 'lines') {
    // Values known (an empty column needs no room), or only the app can draw them (the names of references).
    const longest = values ? widest(values, normal) + CELL_PADDING : fit.ideal;
    // A word is broken only past WORD ("Amministratore" whole; an e-mail address runs on the next line).
    const word = values ? widest(values.flatMap(words), normal) + CELL_PADDING : 0;
    const least = Math.max(header, Math.min(fit.min, longest), Math.min(word, WORD));
    const ideal = Math.max(least, arrowed, Math.min(fit.ideal, longest));
    return { key, least, ideal, floor: Math.max(header, FLOOR), lines: true, weight: c.priority === 1 ? 3 : 1 };
  }
  const shown = values?.filter((v) => v !== '');
  const samples = shown && shown.length > 0 ? shown : labels && labels.length > 0 ? labels : [fit.sample];
  const extra = CELL_PADDING + SLACK + (c.kind === 'color' ? SWATCH : 0);
  const whole = widest(samples, normal) + extra;
  const least = Math.max(header, fit.wrap === 'words' ? widest(samples.flatMap(words), normal) + extra : whole);
  return { key, least, ideal: Math.max(least, arrowed, whole), floor: least, lines: false, weight: 1 };
}

const total = (sizes: Size[], width: (s: Size) => number) => sizes.reduce((sum, s) => sum + width(s), 0);

/** Shares `room` among the shown columns: each its least, then towards its ideal, then the names take the rest. */
function share(sizes: Size[], room: number): Map<string, number> {
  const widths = sizes.map((s) => s.least);
  let left = room - total(sizes, (s) => s.least);
  const wish = (s: Size) => (s.ideal - s.least) * s.weight;
  // Towards the ideals, a heavier wish first served: each takes its share, never past its ideal, until all are.
  for (let open = sizes.filter((s) => wish(s) > 0); left > 0.5 && open.length > 0;) {
    const wished = open.reduce((sum, s) => sum + wish(s), 0);
    const round = left;
    for (const s of open) {
      const i = sizes.indexOf(s);
      const give = Math.min((round * wish(s)) / wished, s.ideal - (widths[i] ?? 0));
      widths[i] = (widths[i] ?? 0) + give;
      left -= give;
    }
    open = open.filter((s) => s.ideal - (widths[sizes.indexOf(s)] ?? 0) > 0.5);
  }
  if (left > 0) {
    const names = sizes.some((s) => s.lines);
    const weight = (s: Size) => (names ? (s.lines ? s.ideal : 0) : s.least);
    const weights = total(sizes, weight);
    sizes.forEach((s, i) => (widths[i] = (widths[i] ?? 0) + (left * weight(s)) / weights));
  }
  const rounded = widths.map(Math.floor);
  // What rounding leaves goes to a column that may take it, so that the columns fill the room exactly.
  const rest = room - rounded.reduce((a, b) => a + b, 0);
  const taker = Math.max(
    0,
    sizes.findIndex((s) => s.lines),
  );
  if (rounded.length > 0 && rest > 0) rounded[taker] = (rounded[taker] ?? 0) + rest;
  return new Map(sizes.map((s, i) => [s.key, rounded[i] ?? 0]));
}

/** Cuts the columns that may be cut, towards their floor, until they fit `room`; false when they cannot. */
function squeeze(sizes: Size[], room: number): boolean {
  let over = total(sizes, (s) => s.least) - room;
  for (const s of sizes) {
    if (over <= 0) break;
    const cut = Math.min(over, s.least - s.floor);
    s.least -= cut;
    over -= cut;
  }
  return over <= 0;
}

function cards(columns: ColumnDefinition[], visibility: LayoutInput['visibility']): CardLayout {
  let title = columns.filter((c) => c.priority === 1).map((c) => c.accessorKey);
  if (title.length === 0) title = columns.slice(0, 1).map((c) => c.accessorKey);
  const others = columns.filter((c) => !title.includes(c.accessorKey));
  return {
    mode: 'cards',
    title,
    facts: others.filter((c) => rank(c, visibility) <= 2).map((c) => c.accessorKey),
    detail: others.filter((c) => rank(c, visibility) > 2).map((c) => c.accessorKey),
  };
}

/**
 * Which of a list's columns its screen shows, and how wide: no column is ever off screen. From the user's
 * choices, then the schema's priorities (x-resource.priority), the columns that fit are in the table at their
 * widths (from their kinds, headers and values); the others are in each row's detail. Below CARDS_BELOW the rows
 * are cards: the priority-1 fields name each, the priority-2 ones follow, the rest is in its detail.
 */
export function listLayout(input: LayoutInput): ListLayout {
  const { visibility } = input;
  const wanted = input.columns.filter((c) => visibility[c.accessorKey] !== false);
  if (input.width < CARDS_BELOW) return cards(wanted, visibility);
  const order = new Map(wanted.map((c, i) => [c.accessorKey, i]));
  const candidates = wanted
    .filter((c) => rank(c, visibility) !== Infinity)
    .sort(
      (a, b) =>
        rank(a, visibility) - rank(b, visibility) || (order.get(a.accessorKey) ?? 0) - (order.get(b.accessorKey) ?? 0),
    );
  // Which columns: by their least width before any value, so that another page of rows keeps the same columns.
  const planned = candidates.map((c) => sizeOf(c, input, false).least);
  let room = input.width - input.actions;
  let expand = candidates.length < wanted.length || planned.reduce((a, b) => a + b, 0) > room;
  if (expand) room -= EXPAND_WIDTH;
  // Once a column does not fit, only columns of its rank may take what is left: never one ranked lower.
  const shown: ColumnDefinition[] = [];
  let used = 0;
  let missed = Infinity;
  candidates.forEach((c, i) => {
    const w = planned[i] ?? 0;
    const r = rank(c, visibility);
    if (r > missed) return;
    if (used + w > room) missed = Math.min(missed, r);
    else {
      shown.push(c);
      used += w;
    }
  });
  // Values wider than planned (a large amount): names are cut first, then the lowest-ranked column gives way.
  let count = shown.length;
  let sizes = shown.map((c) => sizeOf(c, input, true));
  while (count > 1 && !squeeze(sizes, room)) {
    count--;
    sizes = shown.slice(0, count).map((c) => sizeOf(c, input, true));
    if (!expand) {
      expand = true;
      room -= EXPAND_WIDTH;
    }
  }
  const widths = share(sizes, room);
  return {
    mode: 'table',
    columns: wanted
      .filter((c) => widths.has(c.accessorKey))
      .map((c) => ({ key: c.accessorKey, width: widths.get(c.accessorKey) ?? 0 })),
    detail: wanted.filter((c) => !widths.has(c.accessorKey)).map((c) => c.accessorKey),
    expand,
  };
}

/** A row button's room, and the least width of their column (its header, "Azioni"). */
const BUTTON = 40;
const ACTIONS_LEAST = 64;

/** The width of a list's column of row buttons (room for each, and for its header "Azioni"), 0 without any. */
export const actionsWidth = (buttons: number): number =>
  buttons === 0 ? 0 : Math.max(ACTIONS_LEAST, CELL_PADDING + BUTTON * buttons);

/** How a column's cells hold their values: one line, broken between words, or up to two lines cut beyond. */
export type CellWrap = KindFit['wrap'];
export const cellWrap = (column: ColumnDefinition): CellWrap => KIND_FIT[column.kind].wrap;

/** Kinds whose cells only the app draws (the names of references, chips): their text is not known beforehand. */
const DRAWN_BY_APP = new Set<FieldKind>(['reference', 'references', 'list', 'object']);
/** A switch's width (x-resource.toggles), drawn in place of its field's text. */
const SWITCH = 58;

/** The layout of a resource's list for a page of rows: its columns, its switches and its column of row buttons. */
export function layoutOfList(
  def: Pick<ResourceDefinition, 'columns' | 'toggles'>,
  page: {
    width: number;
    /** How many buttons each row may show (listController.ts, rowButtonCount). */
    buttons: number;
    visibility: LayoutInput['visibility'];
    rows: Record<string, unknown>[];
    /** A cell as text. */
    text: (column: ColumnDefinition, row: Record<string, unknown>) => string;
  },
  measure: Measure,
): ListLayout {
  return listLayout({
    columns: def.columns,
    width: page.width,
    actions: actionsWidth(page.buttons),
    visibility: page.visibility,
    values: (c) => (DRAWN_BY_APP.has(c.kind) ? null : page.rows.map((r) => page.text(c, r))),
    controls: Object.fromEntries(def.toggles.map((t) => [t.field, SWITCH])),
    measure,
  });
}
