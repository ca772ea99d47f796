import { describe, expect, it } from 'vitest';
import type { HistoryField } from '../resourceDefinition.ts';
import {
  CONTENT_CHANGED,
  formatHistoryValue,
  mergeHistory,
  showChange,
  shownEntries,
  type HistoryEntry,
} from './historyEntries.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 9, 0) + minutes * 60_000).toISOString();
let nextId = 1;
const entry = (minute: number, user: string, changes: HistoryEntry['changes'], more: Partial<HistoryEntry> = {}) => ({
  id: nextId++,
  at: at(minute),
  event: 'modifica',
  resource: 'trattativaCp',
  recordId: 7,
  user,
  userId: user === 'Mario Rossi' ? 1 : 2,
  changes,
  ...more,
});

describe('mergeHistory: one entry per person and record per 10 minutes', () => {
  it('merges the edits of one person within 10 minutes, each field from its oldest to its newest value', () => {
    const merged = mergeHistory([
      entry(0, 'Mario Rossi', [{ field: 'sconto', from: 0, to: 2 }]),
      entry(4, 'Mario Rossi', [
        { field: 'sconto', from: 2, to: 4 },
        { field: 'telefono', from: null, to: '0521123456' },
      ]),
      entry(9, 'Mario Rossi', [{ field: 'note', from: 'a', to: 'b' }]),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.at).toBe(at(9));
    expect(merged[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'sconto', from: 0, to: 4 },
        { field: 'telefono', from: null, to: '0521123456' },
        { field: 'note', from: 'a', to: 'b' },
      ]),
    );
  });

  it('keeps apart other people, other records, edits more than 10 minutes apart, and events', () => {
    const merged = mergeHistory([
      entry(0, 'Mario Rossi', [{ field: 'sconto', from: 0, to: 2 }]),
      entry(1, 'Anna Bianchi', [{ field: 'sconto', from: 2, to: 3 }]),
      entry(2, 'Anna Bianchi', [{ field: 'sconto', from: 0, to: 1 }], { recordId: 8 }),
      entry(30, 'Anna Bianchi', [{ field: 'sconto', from: 3, to: 5 }]),
      entry(31, 'Anna Bianchi', [], { event: 'invio', note: 'Offerta → a@b.it' }),
      entry(32, 'Anna Bianchi', [{ field: 'note', from: null, to: 'x' }]),
    ]);
    expect(merged.map((e) => [e.user, e.event, e.at])).toEqual([
      ['Anna Bianchi', 'modifica', at(32)],
      ['Anna Bianchi', 'invio', at(31)],
      ['Anna Bianchi', 'modifica', at(30)],
      ['Anna Bianchi', 'modifica', at(2)],
      ['Anna Bianchi', 'modifica', at(1)],
      ['Mario Rossi', 'modifica', at(0)],
    ]);
  });

  it('drops a field changed and changed back, and an entry left with nothing', () => {
    const merged = mergeHistory([
      entry(0, 'Mario Rossi', [{ field: 'sconto', from: 0, to: 2 }]),
      entry(3, 'Mario Rossi', [{ field: 'sconto', from: 2, to: 0 }]),
    ]);
    expect(merged).toEqual([]);
  });
});

describe('formatHistoryValue: each value in the display format of its kind', () => {
  const f = (kind: HistoryField['kind'], more: Partial<HistoryField> = {}): HistoryField => ({
    name: 'x',
    title: 'X',
    kind,
    ...more,
  });
  it.each([
    [f('money'), 1850, '1.850,00\u00a0€'],
    [f('percentage'), 8.5, '8,50%'],
    [f('date'), '2026-11-26', '26-11-2026'],
    [f('boolean'), true, 'Sì'],
    [f('siNo'), 'N', 'No'],
    [f('integer'), 12500, '12.500'],
    [f('text'), '', '—'],
    [f('text'), null, '—'],
    [f('enum', { options: [{ value: 'G', label: 'Giorni' }] }), 'G', 'Giorni'],
  ])('%o %o → %s', (field, value, shown) => {
    expect(formatHistoryValue(field, value).replace(/\u202f/g, '\u00a0')).toBe(shown);
  });

  it('reads a list of rows as a short summary, never as JSON', () => {
    const lines = [
      { Price: 180, SlotTo: 5, Periodo: 'G', SlotFrom: 1, ResourceGroup: 'ART16' },
      { Price: 160, SlotTo: 15, Periodo: 'G', SlotFrom: 6, ResourceGroup: 'ART16' },
      { Price: 140, SlotTo: 30, Periodo: 'G', SlotFrom: 16, ResourceGroup: 'ART16' },
    ];
    expect(formatHistoryValue(f('list'), lines)).toBe('3 righe');
    expect(formatHistoryValue(f('list'), lines.slice(0, 1))).toBe('1 riga');
    expect(formatHistoryValue(f('list'), [{ codice: 'A1', descrizione: 'Cestello' }])).toBe('Cestello');
    expect(formatHistoryValue(f('list'), ['commerciale', 'supervisore'])).toBe('commerciale, supervisore');
    expect(formatHistoryValue(f('object'), { id: 4, nome: 'Filiale Bergamo' })).toBe('Filiale Bergamo');
    expect(formatHistoryValue(f('object'), { x: 1 })).toBe('compilato');
  });

  it('names a reference by the label it had then, a list of them by theirs', () => {
    const ref = f('reference', { reference: 'statoTrattativa' });
    expect(formatHistoryValue(ref, 3, 'Vinta')).toBe('Vinta');
    expect(formatHistoryValue(ref, 3, null)).toBe('#3');
    expect(formatHistoryValue(f('references', { reference: 'gruppoCrm' }), [1, 2], ['Nord', 'Sud'])).toBe('Nord, Sud');
  });

  it("names a code by its record's name then, and shows the code when no record had it", () => {
    const code = f('text', { codeOf: { resource: 'insurance', key: 'code' } });
    expect(formatHistoryValue(code, 'FULL', 'Full')).toBe('Full');
    expect(formatHistoryValue(code, 'VECCHIA', null)).toBe('VECCHIA');
    expect(formatHistoryValue(code, null, null)).toBe(formatHistoryValue(code, '', null));
  });

  it('says that a list whose rows changed changed, though it reads as before; a plain value that reads the same stays out', () => {
    const fields: HistoryField[] = [
      { name: 'righe', title: 'Righe listino', kind: 'list' },
      { name: 'ora', title: 'Ora', kind: 'dateTime' },
    ];
    const before = [{ prezzo: 10 }, { prezzo: 20 }, { prezzo: 30 }, { prezzo: 40 }];
    const after = [{ prezzo: 10 }, { prezzo: 25 }, { prezzo: 30 }, { prezzo: 40 }];
    expect(showChange(fields, { field: 'righe', from: before, to: after })).toMatchObject({
      from: '4 righe',
      to: `4 righe, ${CONTENT_CHANGED}`,
    });
    const time = showChange(fields, { field: 'ora', from: '2026-11-26T10:00:01Z', to: '2026-11-26T10:00:40Z' });
    expect(time.from).toBe(time.to);
  });

  it('shows a change as label: old → new with the reference to link', () => {
    const fields: HistoryField[] = [
      { name: 'statoTrattativaId', title: 'Stato', kind: 'reference', reference: 'statoTrattativa' },
    ];
    expect(
      showChange(fields, { field: 'statoTrattativaId', from: 1, to: 3, fromLabel: 'Aperta', toLabel: 'Vinta' }),
    ).toEqual({
      field: 'statoTrattativaId',
      label: 'Stato',
      from: 'Aperta',
      to: 'Vinta',
      reference: { resource: 'statoTrattativa', from: 1, to: 3 },
    });
  });
});

describe('shownEntries: what the panel lists', () => {
  const fields: HistoryField[] = [
    { name: 'indirizzo', title: 'Indirizzo', kind: 'text' },
    { name: 'assicurazioneTipo', title: 'Assicurazione', kind: 'text', codeOf: { resource: 'insurance', key: 'code' } },
  ];
  it('leaves out an edit whose every change reads as before, keeps the others, their places and events', () => {
    const merged = mergeHistory([
      entry(0, 'Mario Rossi', [], { event: 'creazione' }),
      entry(20, 'Mario Rossi', [
        { field: 'indirizzo', from: null, to: '' },
        { field: 'assicurazioneTipo', from: 'FULL', to: 'BASE', fromLabel: 'Full', toLabel: 'Base' },
      ]),
      entry(21, 'Mario Rossi', [
        { field: 'assicurazioneTipo', from: 'BASE', to: 'FULL', fromLabel: 'Base', toLabel: 'Full' },
      ]),
      entry(40, 'Mario Rossi', [
        { field: 'assicurazioneTipo', from: 'FULL', to: 'SP', fromLabel: 'Full', toLabel: 'Senza pensieri' },
      ]),
    ]);
    const shown = shownEntries(merged, () => fields);
    expect(shown.map(({ e, i, changes }) => [e.event, i, changes.map((c) => `${c.from} → ${c.to}`)])).toEqual([
      ['modifica', 0, ['Full → Senza pensieri']],
      ['creazione', 2, []],
    ]);
    expect(shownEntries(merged, () => fields, 'indirizzo').map(({ e }) => e.event)).toEqual(['creazione']);
  });
});
