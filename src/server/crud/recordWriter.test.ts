import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Column, EntityModel } from './entityModel.ts';
import { recordWriter, toRecord, type Row } from './crudRepository.ts';

// A stored row becomes a record through a writer compiled from the model's columns: the same record, key for
// key and in the same order, as reading the columns one by one.

function modelOf(columns: { name: string; nullable: boolean }[]): EntityModel {
  const full = columns.map((c): Column => ({
    name: c.name,
    title: c.name,
    sqlType: 'text',
    readOnly: false,
    nullable: c.nullable,
  }));
  return {
    typeName: 'Prova',
    table: 'prova',
    columns: full,
    byName: new Map(full.map((c) => [c.name, c])),
    internal: [],
    indexes: [],
    search: [],
  };
}

/** What a record was before the writers were compiled: the columns read one by one. */
function byColumns(model: EntityModel, row: Row, only?: ReadonlySet<string>): Row {
  const out: Row = { id: row.id };
  for (const c of model.columns) {
    if (only && !only.has(c.name)) continue;
    const v = row[c.name];
    if (v === null || v === undefined) {
      if (c.nullable) out[c.name] = null;
    } else out[c.name] = v;
  }
  return out;
}

const model = modelOf([
  { name: 'ragioneSociale', nullable: false },
  { name: 'note', nullable: true },
  { name: 'importo', nullable: false },
  { name: 'chiusaIl', nullable: true },
]);

describe('records from stored rows', () => {
  it('drops an empty field the schema forbids to be null, keeps null where it allows it, drops what is not a field', () => {
    const record = toRecord(model, {
      id: 7,
      ragioneSociale: 'Edilizia Brambilla S.r.l.',
      note: null,
      importo: null,
      chiusaIl: undefined,
      __total: 91,
      searchText: 'edilizia brambilla',
    });
    expect(Object.entries(record)).toEqual([
      ['id', 7],
      ['ragioneSociale', 'Edilizia Brambilla S.r.l.'],
      ['note', null],
      ['chiusaIl', null],
    ]);
  });

  it('of a sparse list, the fields asked for and the id alone', () => {
    const record = toRecord(model, { id: 3, ragioneSociale: 'Impresa Rota', note: 'x', importo: 12 }, ['note']);
    expect(Object.entries(record)).toEqual([
      ['id', 3],
      ['note', 'x'],
    ]);
  });

  it('reads a field whose name needs quoting as any other', () => {
    const odd = modelOf([
      { name: 'a"b\\c', nullable: false },
      { name: "d'e\nf", nullable: true },
    ]);
    expect(toRecord(odd, { id: 1, 'a"b\\c': 'valore', "d'e\nf": undefined })).toEqual({
      id: 1,
      'a"b\\c': 'valore',
      "d'e\nf": null,
    });
  });

  it('writes a page of rows with one writer, the same for the same fields asked', () => {
    expect(recordWriter(model)).toBe(recordWriter(model));
    expect(recordWriter(model, ['note', 'importo'])).toBe(recordWriter(model, ['note', 'importo']));
    expect(recordWriter(model, ['note'])).not.toBe(recordWriter(model, ['importo']));
  });

  it('gives the record reading the columns one by one gives, whatever the columns, row and fields asked', () => {
    const names = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', '__proto__x', 'id2', 'x y', 'q"');
    const value = fc.oneof(fc.constant(null), fc.constant(undefined), fc.string(), fc.integer(), fc.boolean());
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ name: names, nullable: fc.boolean() }), { selector: (c) => c.name, maxLength: 8 }),
        fc.dictionary(names, value),
        fc.option(fc.uniqueArray(names), { nil: undefined }),
        fc.integer({ min: 1 }),
        (columns, values, only, id) => {
          const m = modelOf(columns);
          const row = { ...values, id };
          const expected = byColumns(m, row, only ? new Set(only) : undefined);
          const actual = toRecord(m, row, only);
          expect(Object.entries(actual)).toEqual(Object.entries(expected));
        },
      ),
    );
  });

  it('writes each set of fields right after more sets were asked for than it keeps', () => {
    const wide = modelOf(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, nullable: i % 2 === 0 })));
    const row = Object.fromEntries([['id', 1], ...Array.from({ length: 12 }, (_, i) => [`f${i}`, i])]);
    // Every pair of the twelve fields: 66 sets, past the 64 kept; each still writes its own fields.
    for (let i = 0; i < 12; i++)
      for (let j = i + 1; j < 12; j++)
        expect(toRecord(wide, row, [`f${i}`, `f${j}`])).toEqual({ id: 1, [`f${i}`]: i, [`f${j}`]: j });
  });
});
