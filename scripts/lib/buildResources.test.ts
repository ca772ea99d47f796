import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildResources } from './buildResources.ts';
import { ContractError } from './contractError.ts';
import type { Contract, Schema } from './loadContract.ts';

const common = JSON.parse(fs.readFileSync(path.resolve('schemas/common.json'), 'utf8')) as Schema;
const lookup = {
  title: 'Voce',
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  'x-resource': { label: 'Voci' },
};

/** A contract with one entity "sample" holding the given property, plus a referenced "voce". */
function contractWith(prop: Schema, x: Schema = {}, openapiPaths: Schema = {}): Contract {
  const sample = {
    title: 'Campione',
    type: 'object',
    properties: { id: { type: 'integer', readOnly: true }, campo: prop },
    required: ['campo'],
    'x-resource': { label: 'Campioni', filters: [{ field: 'campo' }], ...x },
  };
  return {
    root: '',
    common,
    openapi: { paths: openapiPaths },
    entities: [
      { name: 'sample', typeName: 'Sample', file: 'sample', schema: sample },
      { name: 'voce', typeName: 'Voce', file: 'voce', schema: lookup },
    ],
  };
}

const build = (prop: Schema, x?: Schema, paths?: Schema) => {
  const sample = buildResources(contractWith(prop, x, paths)).find((r) => r.name === 'sample');
  if (!sample) throw new Error('sample not built');
  return sample;
};

describe('buildResources: each type and format gets its cell, filter and widget', () => {
  const common$ = (name: string, extra: Schema = {}) => ({
    $ref: `common.json#/$defs/${name}`,
    title: 'Campo',
    ...extra,
  });
  it.each([
    // given property,                                          x-resource extra,                         kind,           filter widget, form widget
    [{ type: 'string', title: 'Campo' }, {}, 'text', 'text', undefined],
    [{ type: 'string', title: 'Campo', maxLength: 4000 }, {}, 'longText', 'text', 'textarea'],
    [{ type: 'string', format: 'email', title: 'Campo' }, {}, 'email', 'text', undefined],
    [{ type: 'string', format: 'uri', title: 'Campo' }, {}, 'url', 'text', undefined],
    [{ type: 'string', format: 'date', title: 'Campo' }, {}, 'date', 'date', 'date'],
    [{ type: ['string', 'null'], format: 'date-time', title: 'Campo' }, {}, 'dateTime', 'date', 'dateTime'],
    [{ type: 'string', format: 'time-hhmm', title: 'Campo' }, {}, 'time', 'text', 'time'],
    [common$('TimeHhmm'), {}, 'time', 'text', 'time'],
    [{ type: 'string', format: 'partita-iva', title: 'Campo' }, {}, 'partitaIva', 'text', undefined],
    [{ type: 'string', format: 'codice-fiscale', title: 'Campo' }, {}, 'codiceFiscale', 'text', undefined],
    [{ type: 'integer', title: 'Campo' }, {}, 'integer', 'number', 'number'],
    [{ type: ['number', 'null'], title: 'Campo' }, {}, 'number', 'number', 'number'],
    // A step of 0.01 says nothing about euros: only x-kind does.
    [{ type: 'number', multipleOf: 0.01, title: 'Campo' }, {}, 'number', 'number', 'number'],
    [common$('Money'), {}, 'money', 'number', 'money'],
    [{ type: ['number', 'null'], 'x-kind': 'money', title: 'Campo' }, {}, 'money', 'number', 'money'],
    [{ type: 'number', 'x-kind': 'percentage', title: 'Campo' }, {}, 'percentage', 'number', 'percentage'],
    [{ type: ['number', 'null'], 'x-kind': 'quantity', title: 'Campo' }, {}, 'quantity', 'number', 'number'],
    [{ type: 'integer', 'x-kind': 'duration', title: 'Campo' }, {}, 'duration', 'number', 'duration'],
    [{ type: 'integer', 'x-kind': 'fileSize', title: 'Campo' }, {}, 'fileSize', 'number', 'number'],
    [{ type: 'string', 'x-kind': 'phone', title: 'Campo' }, {}, 'phone', 'text', 'phone'],
    [{ type: 'boolean', title: 'Campo' }, {}, 'boolean', 'boolean', undefined],
    [common$('SiNo'), {}, 'siNo', 'triState', undefined],
    [common$('TriState'), {}, 'triState', 'triState', undefined],
    [common$('TimeUnit'), {}, 'enum', 'select', undefined],
    [common$('Colour'), {}, 'color', 'text', 'color'],
    [{ type: 'string', title: 'Campo' }, { widgets: { campo: 'color' } }, 'color', 'text', 'color'],
    [{ type: 'string', title: 'Campo' }, { widgets: { campo: 'image' } }, 'image', 'text', 'image'],
    [
      { type: ['integer', 'null'], title: 'Campo' },
      { references: { campo: 'voce' } },
      'reference',
      'reference',
      'reference',
    ],
    [
      { type: 'array', items: { type: 'integer' }, title: 'Campo' },
      { references: { campo: 'voce' } },
      'references',
      'reference',
      'references',
    ],
    [{ type: 'array', items: { type: 'string' }, title: 'Campo' }, {}, 'list', 'text', undefined],
    [{ type: 'object', properties: { a: { type: 'string' } }, title: 'Campo' }, {}, 'object', 'text', undefined],
  ] as const)('%j %j → %s', (prop, x, kind, filterWidget, formWidget) => {
    const r = build(prop, x);
    const column = r.columns.find((c) => c.accessorKey === 'campo');
    expect(column?.kind).toBe(kind);
    expect(column?.header).toBe('Campo');
    expect(r.filters[0]?.widget).toBe(filterWidget);
    expect(((r.form.uiSchema.campo ?? {}) as Schema)['ui:widget']).toBe(formWidget);
    expect(r.form.schema.required).toEqual(['campo']);
  });

  it('gives enumerations their Italian labels in columns and filters', () => {
    const r = build(common$('TriState'));
    expect(r.columns[0]?.options).toEqual([
      { value: '', label: 'Tutti' },
      { value: 'Y', label: 'Sì' },
      { value: 'N', label: 'No' },
    ]);
    expect(r.filters[0]?.options).toEqual(r.columns[0]?.options);
  });

  it("shows a nullable enumeration's value by its label, and offers no choice for its null", () => {
    const r = build({
      type: ['string', 'null'],
      oneOf: [
        { const: 'trattativaCp', title: 'Trattativa CP' },
        { const: null, title: 'Nessuna' },
      ],
    });
    expect(r.columns[0]?.kind).toBe('enum');
    expect(r.columns[0]?.options).toEqual([{ value: 'trattativaCp', label: 'Trattativa CP' }]);
    expect(r.filters[0]?.options).toEqual(r.columns[0]?.options);
  });

  it('keeps the title and default written next to a $ref', () => {
    const r = build(common$('Colour', { title: 'Colore di sfondo', default: '#FFFFFF' }));
    expect((r.form.schema.properties as Record<string, Schema>).campo).toMatchObject({
      title: 'Colore di sfondo',
      default: '#FFFFFF',
      pattern: '^#[0-9A-Fa-f]{6}$',
    });
  });

  it('names the referenced resource for reference widgets and cells', () => {
    const r = build({ type: ['integer', 'null'], title: 'Campo' }, { references: { campo: 'voce' } });
    expect(r.columns[0]?.reference).toBe('voce');
    expect(r.form.uiSchema.campo).toEqual({ 'ui:widget': 'reference', 'ui:options': { resource: 'voce' } });
  });

  it("marks a field holding another resource's code for its history, and refuses a code of no field or resource", () => {
    const codes = { campo: { resource: 'voce', key: 'name' } };
    const r = build({ type: 'string', title: 'Campo' }, { history: { codes } });
    expect(r.history?.fields.find((f) => f.name === 'campo')).toMatchObject({ codeOf: codes.campo });
    const wrongs = [
      { altro: codes.campo },
      { campo: { resource: 'nessuna', key: 'name' } },
      { campo: { resource: 'voce', key: 'codice' } },
    ];
    for (const wrong of wrongs)
      expect(() => build({ type: 'string', title: 'Campo' }, { history: { codes: wrong } })).toThrow(ContractError);
  });

  it('gives long texts and lists the whole row of the form, and fields inside a list their widgets', () => {
    const r = build({
      type: 'array',
      title: 'Campo',
      items: {
        type: 'object',
        properties: { prezzo: { type: 'number', 'x-kind': 'money', title: 'Prezzo' }, nome: { type: 'string' } },
      },
    });
    expect(r.form.uiSchema.campo).toEqual({
      items: { prezzo: { 'ui:widget': 'money' } },
      'ui:options': { wide: true },
    });
    expect(build({ type: 'string', title: 'Campo', maxLength: 4000 }).form.uiSchema.campo).toEqual({
      'ui:widget': 'textarea',
      'ui:options': { wide: true, rows: 3 },
    });
  });

  it('leaves id, writeOnly fields out of columns and readOnly fields out of the form', () => {
    const r = build({ type: 'string', title: 'Campo', readOnly: true });
    expect(r.columns.map((c) => c.accessorKey)).toEqual(['campo']);
    expect(r.form.uiSchema['ui:order']).toEqual([]);
    const w = build({ type: 'string', title: 'Campo', writeOnly: true });
    expect(w.columns).toEqual([]);
  });

  it('orders the form as x-resource.form says and uses the password widget for passwords', () => {
    const c = contractWith({ type: 'string', title: 'Campo' });
    const sample = c.entities[0]?.schema as Schema;
    (sample.properties as Schema).password = { type: 'string', title: 'Password', writeOnly: true };
    (sample['x-resource'] as Schema).form = ['password', 'campo'];
    const r = buildResources(c)[0];
    expect(r?.form.uiSchema['ui:order']).toEqual(['password', 'campo']);
    expect(r?.form.uiSchema.password).toEqual({ 'ui:widget': 'password' });
  });
});

describe('buildResources: grammar and fields the server fills', () => {
  it('carries the gender and number of the title, masculine singular by default', () => {
    expect(build({ type: 'string', title: 'Campo' }).grammar).toEqual({ gender: 'masculine', plural: false });
    expect(build({ type: 'string', title: 'Campo' }, { gender: 'feminine', plural: true }).grammar).toEqual({
      gender: 'feminine',
      plural: true,
    });
  });

  it('shows an x-server-set field read-only at the end of the form', () => {
    const c = contractWith({ type: 'string', title: 'Campo' });
    const sample = c.entities[0]?.schema as Schema;
    (sample.properties as Schema).creatoDa = {
      type: 'string',
      title: 'Creato da',
      readOnly: true,
      'x-server-set': 'creator',
    };
    const r = buildResources(c)[0];
    expect(r?.form.uiSchema['ui:order']).toEqual(['campo', 'creatoDa']);
    expect(r?.form.uiSchema.creatoDa).toEqual({ 'ui:options': { serverSet: 'creator' }, 'ui:readonly': true });
    expect((r?.form.schema.properties as Schema).creatoDa).toEqual({
      type: 'string',
      title: 'Creato da',
      readOnly: true,
    });
  });

  it.each([
    [{ type: 'string', title: 'Campo', 'x-server-set': 'creator' }, 'a field the server fills must be readOnly'],
    [
      { type: 'string', title: 'Campo', readOnly: true, 'x-server-set': 'ieri' },
      'must be one of created, updated, creator, updater',
    ],
  ])('refuses a wrong x-server-set', (prop, reason) => {
    try {
      build(prop);
      expect.unreachable();
    } catch (err) {
      expect((err as ContractError).problems).toEqual([
        { file: 'schemas/sample.json', pointer: '/properties/campo/x-server-set', reason },
      ]);
    }
  });
});

describe('buildResources: fields only named operations change (x-written-by)', () => {
  const paths = { '/api/campioni/{id}/conferma': { put: { operationId: 'confirmSample' } } };

  it('shows the field read-only, saying who writes it', () => {
    const r = build({ type: 'string', title: 'Campo', 'x-written-by': 'confirmSample' }, {}, paths);
    expect(r.form.uiSchema.campo).toEqual({ 'ui:options': { writtenBy: ['confirmSample'] }, 'ui:readonly': true });
    expect((r.form.schema.properties as Schema).campo).toEqual({ type: 'string', title: 'Campo' });
  });

  it('stops the generation on a property x- key nobody reads (a typo)', () => {
    try {
      build({ type: 'string', title: 'Campo', 'x-writen-by': 'confirmSample' }, {}, paths);
      expect.unreachable();
    } catch (err) {
      expect((err as ContractError).problems).toEqual([
        {
          file: 'schemas/sample.json',
          pointer: '/properties/campo/x-writen-by',
          reason: 'unknown key: a property may carry x-kind, x-messages, x-server-set, x-written-by',
        },
      ]);
    }
  });

  it.each([
    ['confirmSampel', 'no operation "confirmSampel" in openapi.yaml'],
    [['confirmSample', 'sendSample'], 'no operation "sendSample" in openapi.yaml'],
    [[], 'an operationId of openapi.yaml, or a non-empty list of them'],
    [7, 'an operationId of openapi.yaml, or a non-empty list of them'],
  ])('stops the generation on an unknown operation (%j)', (value, reason) => {
    try {
      build({ type: 'string', title: 'Campo', 'x-written-by': value }, {}, paths);
      expect.unreachable();
    } catch (err) {
      expect((err as ContractError).problems).toEqual([
        { file: 'schemas/sample.json', pointer: '/properties/campo/x-written-by', reason },
      ]);
    }
  });
});

describe('buildResources: operations, parameters and defaults', () => {
  const paths = {
    '/api/campioni': {
      get: {
        operationId: 'listSample',
        parameters: [{ $ref: '#/components/parameters/Filters' }, { name: 'campo', in: 'query' }],
      },
      post: { operationId: 'createSample' },
    },
    '/api/campioni/{id}': { put: { operationId: 'updateSample' } },
  };

  it('finds each operation by its operationId and sends declared query parameters top-level', () => {
    const r = build({ type: 'string', title: 'Campo' }, {}, paths);
    expect(r.api).toEqual({
      list: { operationId: 'listSample', method: 'get', path: '/api/campioni' },
      create: { operationId: 'createSample', method: 'post', path: '/api/campioni' },
      update: { operationId: 'updateSample', method: 'put', path: '/api/campioni/{id}' },
    });
    expect(r.filters[0]?.param).toBe('query');
  });

  it('puts other filters inside `filters`', () => {
    expect(build({ type: 'string', title: 'Campo' }).filters[0]?.param).toBe('filters');
  });

  it('refuses an operation the schema promises and openapi.yaml lacks', () => {
    expect(() => build({ type: 'string', title: 'Campo' }, { operations: ['list', 'delete'] }, paths)).toThrow(
      ContractError,
    );
    try {
      build({ type: 'string', title: 'Campo' }, { operations: ['delete'] }, paths);
    } catch (err) {
      expect((err as ContractError).problems).toEqual([
        {
          file: 'schemas/sample.json',
          pointer: '/x-resource/operations',
          reason: '"delete" needs the operation deleteSample in openapi.yaml',
        },
      ]);
    }
  });

  it('defaults to page size 30, no sort, no route, and picks a display field', () => {
    const r = build({ type: 'string', title: 'Campo' });
    expect(r).toMatchObject({ pageSize: 30, sort: null, route: null, menu: null, roles: [], displayField: 'id' });
    const voce = buildResources(contractWith({ type: 'string' })).find((x) => x.name === 'voce');
    expect(voce?.displayField).toBe('name');
  });
});

describe('buildResources: a colour chip (x-resource.colorChip)', () => {
  const colour = { $ref: 'common.json#/$defs/Colour', title: 'Colore' };
  /** A lookup whose display field is `name`, with two colour fields (or whatever `extra` puts there). */
  function chipContract(x: Schema, extra: Schema = {}): Contract {
    const c = contractWith({ type: 'string', title: 'Campo' });
    const sample = c.entities[0]?.schema as Schema;
    Object.assign(
      sample.properties as Schema,
      { name: { type: 'string', title: 'Nome' }, sfondo: colour, testo: colour },
      extra,
    );
    Object.assign(sample['x-resource'] as Schema, x);
    return c;
  }
  const problemsOf = (c: Contract) => {
    try {
      buildResources(c);
      return [];
    } catch (err) {
      return (err as ContractError).problems;
    }
  };

  it('turns the display column into a chip naming its colour fields; other columns keep their kind', () => {
    const r = buildResources(chipContract({ colorChip: { background: 'sfondo', text: 'testo' } }))[0];
    expect(r?.columns.find((c) => c.accessorKey === 'name')).toMatchObject({
      kind: 'colorChip',
      enableSorting: true,
      colors: { background: 'sfondo', text: 'testo' },
    });
    expect(r?.columns.find((c) => c.accessorKey === 'sfondo')?.kind).toBe('color');
    expect(r?.columns.find((c) => c.accessorKey === 'campo')?.colors).toBeUndefined();
    // The form still edits the name as text.
    expect(r?.form.uiSchema.name).toBeUndefined();
  });

  it.each<[string, Schema, Schema, { pointer: string; reason: string }]>([
    [
      'the display field is not a column',
      { colorChip: { background: 'sfondo', text: 'testo' }, columns: ['campo', 'sfondo', 'testo'] },
      {},
      {
        pointer: '/x-resource/colorChip',
        reason: 'the display field "name" is not a column, so no chip can show it',
      },
    ],
    [
      'a colour field that is not a colour',
      { colorChip: { background: 'sfondo', text: 'testo' } },
      { testo: { type: 'integer', title: 'Testo' } },
      { pointer: '/x-resource/colorChip/text', reason: '"testo" is not a colour field' },
    ],
  ])('refuses a chip when %s', (_name, x, extra, want) => {
    expect(problemsOf(chipContract(x, extra))).toEqual([{ file: 'schemas/sample.json', ...want }]);
  });
});

describe('buildResources: the fields a list asks for (listFields, x-resource.rowFields)', () => {
  const colour = { $ref: 'common.json#/$defs/Colour', title: 'Colore' };
  function listContract(x: Schema): Contract {
    const c = contractWith({ type: 'string', title: 'Campo' });
    const sample = c.entities[0]?.schema as Schema;
    Object.assign(sample.properties as Schema, {
      version: { type: 'integer', readOnly: true },
      name: { type: 'string', title: 'Nome' },
      sfondo: colour,
      testo: colour,
      stato: { type: 'string', title: 'Stato' },
      note: { type: 'string', title: 'Note' },
    });
    Object.assign(sample['x-resource'] as Schema, x);
    return c;
  }

  it('asks for the columns, their colours, the display field and the fields a workflow reads on a row', () => {
    const r = buildResources(
      listContract({
        columns: ['campo', 'name'],
        colorChip: { background: 'sfondo', text: 'testo' },
        rowFields: ['stato', 'campo'],
      }),
    )[0];
    expect(r?.listFields).toEqual(['campo', 'name', 'sfondo', 'testo', 'stato']);
  });

  it('never names id and version (every row has them) and leaves out what no column nor row shows', () => {
    const r = buildResources(listContract({ columns: ['campo'], display: 'name' }))[0];
    expect(r?.listFields).toEqual(['campo', 'name']);
  });

  it('refuses a row field that is not a property', () => {
    expect(() => buildResources(listContract({ rowFields: ['colore'] }))).toThrow(
      expect.objectContaining({
        problems: [
          { file: 'schemas/sample.json', pointer: '/x-resource/rowFields/0', reason: '"colore" is not a property' },
        ],
      }),
    );
  });
});

describe('buildResources: the field vocabulary (x-kind, x-messages) and form sections', () => {
  const problemsOf = (prop: Schema, x: Schema = {}) => {
    try {
      build(prop, x);
      return [];
    } catch (err) {
      return (err as ContractError).problems.map((p) => `${p.pointer}: ${p.reason}`);
    }
  };

  it.each<[string, Schema, string]>([
    [
      'an unknown kind',
      { type: 'number', title: 'Campo', 'x-kind': 'euro' },
      '/properties/campo/x-kind: unknown kind "euro": one of money, percentage, quantity, duration, fileSize, phone, color, siNo, triState',
    ],
    [
      'a kind that does not fit the type',
      { type: 'string', title: 'Campo', 'x-kind': 'money' },
      '/properties/campo/x-kind: "money" needs type number or integer, not string',
    ],
    [
      'a pattern without its message',
      { type: 'string', title: 'CAP', pattern: '^\\d{5}$' },
      '/properties/campo: a pattern needs its Italian message in x-messages.pattern (the pattern itself is never shown)',
    ],
    [
      'a message for a check the field does not have',
      { type: 'string', title: 'Campo', 'x-messages': { maximum: 'Troppo' } },
      '/properties/campo/x-messages/maximum: the property has no "maximum" for this message to explain',
    ],
    [
      'a message showing a regular expression',
      { type: 'string', title: 'CAP', pattern: '^\\d{5}$', 'x-messages': { pattern: 'deve rispettare ^\\d{5}$' } },
      '/properties/campo/x-messages/pattern: a message is an Italian sentence, without regular-expression characters',
    ],
    [
      'a title in euros without the money kind',
      { type: 'number', title: 'Trasporto (€)' },
      '/properties/campo: the title "Trasporto (€)" names money: add "x-kind": "money"',
    ],
    [
      'a percentage without its kind',
      { type: 'number', title: 'Sconto %' },
      '/properties/campo: the title "Sconto %" names percentage: add "x-kind": "percentage"',
    ],
  ])('refuses %s', (_name, prop, want) => {
    expect(problemsOf(prop)).toEqual([want]);
  });

  it('accepts a pattern with its message, with {title} standing for the title', () => {
    expect(
      problemsOf({
        type: 'string',
        title: 'CAP',
        pattern: '^\\d{5}$',
        'x-messages': { pattern: 'Il {title} ha 5 cifre' },
      }),
    ).toEqual([]);
  });

  it('lays the form out in sections, in their order, with every field once', () => {
    const c = contractWith({ type: 'string', title: 'Campo' });
    const sample = c.entities[0]?.schema as Schema;
    (sample.properties as Schema).altro = { type: 'string', title: 'Altro' };
    (sample['x-resource'] as Schema).sections = [
      { title: 'Secondo', fields: ['altro'] },
      { title: 'Primo', fields: ['campo'] },
    ];
    const r = buildResources(c)[0];
    expect(r?.form.uiSchema['ui:order']).toEqual(['altro', 'campo']);
    expect(r?.form.uiSchema['ui:options']).toEqual({
      sections: [
        { title: 'Secondo', fields: ['altro'] },
        { title: 'Primo', fields: ['campo'] },
      ],
    });
  });

  it.each<[string, Schema[], string]>([
    ['a field left out', [{ title: 'Uno', fields: ['campo'] }], '/x-resource/sections: no section holds altro'],
    [
      'a field twice',
      [
        { title: 'Uno', fields: ['campo', 'altro'] },
        { title: 'Due', fields: ['altro'] },
      ],
      '/x-resource/sections/1/fields/0: "altro" is already in another section',
    ],
    [
      'a field the form does not have',
      [{ title: 'Uno', fields: ['campo', 'altro', 'id'] }],
      '/x-resource/sections/0/fields/2: "id" is not a field of the form',
    ],
  ])('refuses sections with %s', (_name, sections, want) => {
    const c = contractWith({ type: 'string', title: 'Campo' });
    const sample = c.entities[0]?.schema as Schema;
    (sample.properties as Schema).altro = { type: 'string', title: 'Altro' };
    (sample['x-resource'] as Schema).sections = sections;
    try {
      buildResources(c);
      expect.unreachable();
    } catch (err) {
      expect((err as ContractError).problems.map((p) => `${p.pointer}: ${p.reason}`)).toEqual([want]);
    }
  });
});

describe('buildResources: searches (x-resource.search) and the names of references in answers', () => {
  /** A list call with these query parameters, whose answer has these properties besides data. */
  const listCall = (typeName: string, params: string[], answer: string[] = []) => ({
    get: {
      operationId: `list${typeName}`,
      parameters: params.map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
      responses: {
        '200': {
          content: {
            'application/json': {
              schema: { type: 'object', properties: Object.fromEntries(['data', ...answer].map((p) => [p, {}])) },
            },
          },
        },
      },
    },
  });
  const problemsOf = (c: Contract) => {
    try {
      buildResources(c);
      return [];
    } catch (err) {
      return (err as ContractError).problems.map((p) => `${p.file}#${p.pointer}: ${p.reason}`);
    }
  };
  const paged = ['q', 'ids', 'page', 'rowsPerPage'];

  it('searches the display field of a referenced resource, and the declared fields of another', () => {
    const c = contractWith(
      { type: ['integer', 'null'], title: 'Campo' },
      { references: { campo: 'voce' }, search: ['campo'] },
      { '/api/voci': listCall('Voce', paged), '/api/campioni': listCall('Sample', paged, ['references']) },
    );
    const defs = buildResources(c);
    expect(defs.find((d) => d.name === 'voce')?.search).toEqual(['name']);
    expect(defs.find((d) => d.name === 'sample')?.search).toEqual(['campo']);
  });

  it('gives a declared search a box, first among the filters; a search only pickers use gets none', () => {
    const campioni = listCall('Sample', paged, ['references']);
    Object.assign(campioni.get.parameters[0] ?? {}, { schema: { title: 'Ricerca' }, 'x-search-max-rows': 100 });
    const c = contractWith(
      { type: ['integer', 'null'], title: 'Campo' },
      { references: { campo: 'voce' }, search: ['campo'] },
      { '/api/voci': listCall('Voce', paged), '/api/campioni': campioni },
    );
    const defs = buildResources(c);
    expect(defs.find((d) => d.name === 'sample')?.filters.map((f) => f.field)).toEqual(['q', 'campo']);
    expect(defs.find((d) => d.name === 'sample')?.filters[0]).toEqual({
      field: 'q',
      label: 'Ricerca',
      widget: 'text',
      param: 'query',
      looksIn: ['Campo'],
      maxRows: 100,
    });
    expect(defs.find((d) => d.name === 'voce')?.filters).toEqual([]);
  });

  it('wants q, ids and paging on the list of a resource others point to', () => {
    const c = contractWith(
      { type: ['integer', 'null'], title: 'Campo' },
      { references: { campo: 'voce' } },
      { '/api/voci': listCall('Voce', ['page']), '/api/campioni': listCall('Sample', [], ['references']) },
    );
    expect(problemsOf(c)).toEqual([
      'schemas/voce.json#/x-resource: other schemas reference this resource: its list call listVoce needs the query parameters q, rowsPerPage, ids (openapi.yaml: Q, Page, RowsPerPage, and Ids for a referenced resource)',
    ]);
  });

  it('refuses a search of a field that is not text nor an integer, or without a list to search', () => {
    expect(problemsOf(contractWith({ type: 'boolean', title: 'Campo' }, { search: ['campo'] }))).toEqual([
      'schemas/sample.json#/x-resource/search: x-resource.search names fields to search, but it has no list operation',
    ]);
    const c = contractWith(
      { type: 'boolean', title: 'Campo' },
      { search: ['campo'] },
      {
        '/api/campioni': listCall('Sample', paged),
      },
    );
    expect(problemsOf(c)).toEqual(['schemas/sample.json#/x-resource/search/0: "campo" is not text nor an integer']);
  });

  it('wants the answers of a resource with references to declare them', () => {
    const c = contractWith(
      { type: ['integer', 'null'], title: 'Campo' },
      { references: { campo: 'voce' } },
      { '/api/campioni': listCall('Sample', []) },
    );
    expect(problemsOf(c)).toEqual([
      'schemas/sample.json#/x-resource/references: the answer of listSample must declare "references" (openapi.yaml: ReferenceLabels)',
    ]);
  });
});

describe('buildResources: column priorities (x-resource.priority)', () => {
  const prop = { type: 'string', title: 'Campo' };
  it('ranks the display field first and the others second, unless the schema says otherwise', () => {
    const c = contractWith(prop, { display: 'campo' });
    const sample = c.entities[0]?.schema as Schema;
    (sample.properties as Schema).altro = { type: 'string', title: 'Altro' };
    (sample.properties as Schema).nota = { type: 'string', title: 'Nota' };
    (sample['x-resource'] as Schema).priority = { nota: 'detail' };
    const def = buildResources(c).find((r) => r.name === 'sample');
    expect(def?.columns.map((col) => [col.accessorKey, col.priority])).toEqual([
      ['campo', 1],
      ['altro', 2],
      ['nota', 'detail'],
    ]);
  });

  it('refuses a priority for a field that is not a column', () => {
    const c = contractWith(prop, { columns: ['campo'], priority: { id: 3 } });
    try {
      buildResources(c);
      expect.unreachable();
    } catch (err) {
      expect((err as ContractError).problems.map((p) => `${p.pointer}: ${p.reason}`)).toEqual([
        '/x-resource/priority/id: "id" is not a column',
      ]);
    }
  });
});
