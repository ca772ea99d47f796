import { describe, expect, it } from 'vitest';
import { resourceIndex } from '../../../generated/resourceIndex.ts';
import type { ColumnDefinition, FieldKind, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import {
  actionsWidth,
  CELL_PADDING,
  EXPAND_WIDTH,
  layoutOfList,
  listLayout,
  type LayoutInput,
  type ListLayout,
  type TableLayout,
} from './listLayout.ts';
import { rowButtonCount } from './listController.ts';
import { estimateTextWidth } from './textWidth.ts';

/** The table's room at 1440 px: less the drawer (280), the page's margins (2 × 24) and a scroll bar's gutter (15). */
const AT_1440 = 1440 - 280 - 48 - 15;

const column = (accessorKey: string, kind: FieldKind, extra: Partial<ColumnDefinition> = {}): ColumnDefinition => ({
  accessorKey,
  header: accessorKey,
  kind,
  enableSorting: true,
  ...extra,
});

const NEGOTIATION: ColumnDefinition[] = [
  column('dataInserimento', 'dateTime', { header: 'Data inserimento' }),
  column('ragioneSociale', 'text', { header: 'Ragione sociale', priority: 1 }),
  column('partitaIva', 'partitaIva', { header: 'Partita IVA', priority: 3 }),
  column('statoId', 'reference', { header: 'Stato trattativa' }),
  column('commercialeId', 'reference', { header: 'Commerciale' }),
  column('richiamare', 'date', { header: 'Richiamare in data' }),
  column('totale', 'money', { header: 'Totale' }),
  column('offerta', 'siNo', { header: 'Offerta', priority: 3, options: [{ value: 'Y', label: 'Sì' }] }),
  column('note', 'longText', { header: 'Note', priority: 'detail' }),
];

const layout = (input: Partial<LayoutInput> & Pick<LayoutInput, 'columns' | 'width'>): ListLayout =>
  listLayout({ actions: 0, visibility: {}, values: () => null, measure: estimateTextWidth, ...input });

const table = (l: ListLayout): TableLayout => {
  if (l.mode !== 'table') throw new Error(`cards, not a table: ${JSON.stringify(l)}`);
  return l;
};
const keys = (l: TableLayout) => l.columns.map((c) => c.key);
const width = (l: TableLayout, key: string) => l.columns.find((c) => c.key === key)?.width ?? 0;
const filled = (l: TableLayout) => l.columns.reduce((sum, c) => sum + c.width, 0) + (l.expand ? EXPAND_WIDTH : 0);

describe('listLayout: every list screen at 1440 px', () => {
  const screens = Object.values(resourceIndex).filter((r) => r.route && r.list);
  it.each(screens.map((r) => [r.name, r] as const))(
    '%s shows all its default columns, filling its room exactly',
    async (_name, entry) => {
      const def: ResourceDefinition = await entry.load();
      if (def.single) return;
      const buttons = rowButtonCount(def, ['ROLE_SUPER_ADMIN']);
      const actions = actionsWidth(buttons);
      const l = table(
        layoutOfList(def, { width: AT_1440, buttons, visibility: {}, rows: [], text: () => '' }, estimateTextWidth),
      );
      const defaults = def.columns.filter((c) => c.priority !== 'detail').map((c) => c.accessorKey);
      expect(keys(l)).toEqual(defaults);
      expect(l.detail).toEqual(def.columns.filter((c) => c.priority === 'detail').map((c) => c.accessorKey));
      expect(filled(l) + actions).toBe(AT_1440);
    },
  );
});

describe('listLayout: widths from the kinds, the headers and the values', () => {
  it('gives names the room and figures, dates and flags what they need', () => {
    const l = table(layout({ columns: NEGOTIATION, width: 1100 }));
    expect(width(l, 'ragioneSociale')).toBeGreaterThan(2 * width(l, 'totale'));
    expect(width(l, 'ragioneSociale')).toBeGreaterThan(2 * width(l, 'offerta'));
    expect(width(l, 'totale')).toBeLessThan(140);
    expect(filled(l)).toBe(1100);
  });

  it('never cuts an amount: the money column is as wide as its widest value on the page', () => {
    const values = (c: ColumnDefinition) => (c.kind === 'money' ? ['2.145,00 €', '1.234.567,89 €'] : null);
    const l = table(layout({ columns: NEGOTIATION, width: 800, values }));
    expect(width(l, 'totale')).toBeGreaterThanOrEqual(estimateTextWidth('1.234.567,89 €', 'normal') + CELL_PADDING);
  });

  it('never makes a column narrower than its header’s longest word', () => {
    const l = table(layout({ columns: NEGOTIATION, width: 700 }));
    for (const c of l.columns) {
      const header = NEGOTIATION.find((n) => n.accessorKey === c.key)?.header ?? '';
      const longest = Math.max(...header.split(' ').map((w) => estimateTextWidth(w, 'bold')));
      expect(c.width, c.key).toBeGreaterThanOrEqual(longest + CELL_PADDING);
    }
  });

  it('widens a column of names for a long word rather than break it, up to a point', () => {
    const name = column('nome', 'text', { header: 'Nome' });
    const others = [1, 2, 3, 4, 5, 6, 7].map((i) => column(`c${i}`, 'date', { header: `Data ${i}` }));
    const word = (w: string) => (c: ColumnDefinition) => (c === name ? [w] : null);
    const room = 900;
    const whole = table(layout({ columns: [name, ...others], width: room, values: word('Amministratore') }));
    expect(width(whole, 'nome')).toBeGreaterThanOrEqual(estimateTextWidth('Amministratore', 'normal') + CELL_PADDING);
    const address = 'ufficio.acquisti@costruzionigeneralilombarde.it';
    const broken = table(layout({ columns: [name, ...others], width: room, values: word(address) }));
    expect(width(broken, 'nome')).toBeLessThan(estimateTextWidth(address, 'normal'));
  });

  it('keeps the same columns from one page to the next, whatever the values', () => {
    const page = (name: string) => (c: ColumnDefinition) => (c.kind === 'text' ? [name] : null);
    const short = table(layout({ columns: NEGOTIATION, width: 700, values: page('Rota') }));
    const long = table(layout({ columns: NEGOTIATION, width: 700, values: page('Costruzioni Generali Lombarde') }));
    expect(short.detail.length).toBeGreaterThan(0);
    expect(keys(long)).toEqual(keys(short));
  });
});

describe('listLayout: what does not fit goes into the row’s detail, by priority', () => {
  it('all in the table when there is room, but for the detail-only columns', () => {
    const l = table(layout({ columns: NEGOTIATION, width: 1100 }));
    expect(keys(l)).toEqual(NEGOTIATION.slice(0, -1).map((c) => c.accessorKey));
    expect(l.detail).toEqual(['note']);
    expect(l.expand).toBe(true);
  });

  it('the lowest priorities go first; the name stays', () => {
    const l = table(layout({ columns: NEGOTIATION, width: 620 }));
    expect(keys(l)).toContain('ragioneSociale');
    expect(l.detail).toEqual(expect.arrayContaining(['partitaIva', 'offerta', 'note']));
    // In the order of the columns, whatever their priority.
    expect(l.detail).toEqual(NEGOTIATION.map((c) => c.accessorKey).filter((k) => l.detail.includes(k)));
    expect(l.expand).toBe(true);
    expect(filled(l)).toBe(620);
  });

  it('no detail button when everything fits', () => {
    const l = table(layout({ columns: NEGOTIATION.slice(0, 3), width: 900, actions: 96 }));
    expect(l.expand).toBe(false);
    expect(l.detail).toEqual([]);
    expect(filled(l)).toBe(900 - 96);
  });
});

describe('listLayout: the user’s choice of columns', () => {
  it('a hidden column is nowhere, not even in the detail', () => {
    const l = table(layout({ columns: NEGOTIATION, width: 1100, visibility: { note: false, totale: false } }));
    expect(keys(l)).not.toContain('totale');
    expect(l.detail).toEqual([]);
    expect(l.expand).toBe(false);
  });

  it('a column the user shows comes into the table before the schema’s priorities', () => {
    const l = table(layout({ columns: NEGOTIATION, width: 620, visibility: { note: true } }));
    expect(keys(l)).toContain('note');
    expect(l.detail).toContain('offerta');
  });
});

describe('listLayout: phones get cards', () => {
  it('named by the priority-1 fields, then the priority-2 ones, the rest in the detail', () => {
    expect(layout({ columns: NEGOTIATION, width: 351, visibility: { totale: false } })).toEqual({
      mode: 'cards',
      title: ['ragioneSociale'],
      facts: ['dataInserimento', 'statoId', 'commercialeId', 'richiamare'],
      detail: ['partitaIva', 'offerta', 'note'],
    });
  });

  it('named by the first column when none has priority 1', () => {
    const l = layout({ columns: NEGOTIATION.filter((c) => c.priority !== 1), width: 351 });
    expect(l.mode === 'cards' && l.title).toEqual(['dataInserimento']);
  });
});

describe('actionsWidth', () => {
  it('has room for every button a row may show and for its header, and is not there without buttons', () => {
    expect(actionsWidth(0)).toBe(0);
    expect(actionsWidth(1)).toBe(64);
    expect(actionsWidth(2)).toBe(CELL_PADDING + 80);
    expect(actionsWidth(4)).toBe(CELL_PADDING + 160);
  });
});

describe('estimateTextWidth: Arial’s widths, as the browser measures them', () => {
  it.each([
    ['inserimento', 'bold', 79.4],
    ['Archiviata', 'bold', 67.7],
    ['2.145,00 €', 'normal', 66.2],
    ['26-11-2026 13:55', 'normal', 110.5],
    ['Impresa Rota Costruzioni S.p.A.', 'normal', 200],
  ] as const)('%s (%s)', (text, weight, canvas) => {
    const spacing = 0.15 * text.length;
    expect(estimateTextWidth(text, weight)).toBeGreaterThanOrEqual(canvas + spacing - 0.5);
    expect(estimateTextWidth(text, weight)).toBeLessThanOrEqual(canvas + spacing + 1);
  });
});
