import type { ColumnDefinition, FieldKind } from '../../domain/resourceDefinition.ts';
import type { ReferenceLabels } from '../api/referenceLabels.ts';
import type { Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { displayFormats as f } from '../../domain/displayFormats.ts';

type TextCell = (value: unknown, ctx: { column: ColumnDefinition; row: Row }) => string;

const optionLabel: TextCell = (v, { column: c }) =>
  c.options?.find((o) => o.value === v)?.label ?? (v === '' ? '' : String(v ?? ''));
const text: TextCell = (v) => (v === null || v === undefined ? '' : String(v));

/**
 * The kinds whose cell is plain text: the first layer of cellRegistry, free of MUI so that a list's first frame
 * (resources/firstFrame.ts) can draw them before the app's code has arrived.
 */
export const textCells = {
  text,
  longText: text,
  email: text,
  url: text,
  partitaIva: text,
  codiceFiscale: text,
  time: text,
  phone: (v) => f.phone(v),
  // The stored name means nothing to a person: whether there is a picture does.
  image: (v) => (typeof v === 'string' && v !== '' ? messages.yes : messages.no),
  integer: (v) => f.integer(v),
  number: (v) => f.number(v),
  money: (v) => f.money(v),
  percentage: (v) => f.percentage(v),
  quantity: (v) => f.quantity(v),
  duration: (v) => f.duration(v),
  fileSize: (v) => f.fileSize(v),
  // A flag never set is not set (a flag that may be unknown is a triState, with its own labels).
  boolean: (v) => (v === true ? messages.yes : messages.no),
  siNo: optionLabel,
  triState: optionLabel,
  enum: optionLabel,
  date: (v) => f.date(v),
  dateTime: (v) => f.dateTime(v),
} satisfies Record<string, TextCell>;

/**
 * A cell as plain text, for a list's first frame: the text kinds as the table shows them, a colour or a chip
 * by its text, a reference by the name its page carried (`references`).
 */
export function cellText(column: ColumnDefinition, row: Row, references: ReferenceLabels = {}): string {
  const kind = column.kind as string;
  const v = row[column.accessorKey];
  if (kind in textCells) return textCells[kind as keyof typeof textCells](v, { column, row });
  if ((kind === 'reference' || kind === 'references') && column.reference) {
    const names = references[column.reference] ?? [];
    return (Array.isArray(v) ? v : [v]).flatMap((id) => names.find((n) => n.id === id)?.label ?? []).join(', ');
  }
  return (kind === 'color' || kind === 'colorChip') && typeof v === 'string' ? v : '';
}

const FIGURES = new Set<FieldKind>(['integer', 'number', 'money', 'percentage', 'quantity', 'duration', 'fileSize']);

/** Figures line up on the right, so units, tens and decimals stand under each other. */
export const cellAlign = (column: ColumnDefinition): 'right' | 'left' => (FIGURES.has(column.kind) ? 'right' : 'left');
