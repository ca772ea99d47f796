import { describe, expect, it } from 'vitest';
import { fieldMessage, schemaAt, type SchemaNode } from './validationMessages.ts';

const lat: SchemaNode = { type: ['number', 'null'], title: 'Latitudine', minimum: -90, maximum: 90 };

describe('fieldMessage: an Italian sentence naming the field, never ajv or a pattern', () => {
  it.each<[string, string, Record<string, unknown>, SchemaNode, string]>([
    [
      'both bounds',
      'maximum',
      { limit: 90, comparison: '<=' },
      lat,
      'Il campo «Latitudine» deve essere compreso tra -90 e 90',
    ],
    [
      'a lower bound of zero',
      'minimum',
      { limit: 0 },
      { type: 'integer', title: 'Km', minimum: 0 },
      'Il campo «Km» non può essere negativo',
    ],
    [
      'a lower bound',
      'minimum',
      { limit: 1 },
      { type: 'integer', title: 'Durata', minimum: 1 },
      'Il campo «Durata» non può essere inferiore a 1',
    ],
    [
      'an upper bound',
      'maximum',
      { limit: 5 },
      { type: 'number', title: 'Sconto', maximum: 5 },
      'Il campo «Sconto» non può essere superiore a 5',
    ],
    [
      'money bounds in euros',
      'minimum',
      { limit: 1 },
      { type: 'number', title: 'Prezzo', minimum: 1, 'x-kind': 'money' },
      'Il campo «Prezzo» non può essere inferiore a 1,00\u00a0€',
    ],
    [
      'percentage bounds in percent',
      'maximum',
      { limit: 100 },
      { type: 'number', title: 'Percentuale', minimum: 0, maximum: 100, 'x-kind': 'percentage' },
      'Il campo «Percentuale» deve essere compreso tra 0% e 100%',
    ],
    [
      'too long',
      'maxLength',
      { limit: 255 },
      { type: 'string', title: 'Descrizione', maxLength: 255 },
      'Il campo «Descrizione» può avere al massimo 255 caratteri',
    ],
    [
      'too short',
      'minLength',
      { limit: 3 },
      { type: 'string', title: 'Username', minLength: 3 },
      'Il campo «Username» deve avere almeno 3 caratteri',
    ],
    [
      'empty',
      'minLength',
      { limit: 1 },
      { type: 'string', title: 'Nome', minLength: 1 },
      'Il campo «Nome» non può essere vuoto',
    ],
    [
      'required',
      'required',
      { missingProperty: 'nome' },
      { type: 'string', title: 'Nome' },
      'Il campo «Nome» è obbligatorio',
    ],
    [
      'not a number',
      'type',
      { type: 'number' },
      { type: 'number', title: 'Prezzo' },
      'Il campo «Prezzo» deve essere un numero',
    ],
    [
      'not an integer',
      'type',
      { type: 'integer' },
      { type: 'integer', title: 'Ordinamento' },
      'Il campo «Ordinamento» deve essere un numero intero',
    ],
    [
      'two decimals at most',
      'multipleOf',
      { multipleOf: 0.01 },
      { type: 'number', title: 'Cauzione', multipleOf: 0.01 },
      'Il campo «Cauzione» può avere al massimo 2 decimali',
    ],
    [
      'a pattern without a message of its own',
      'pattern',
      { pattern: '^\\d{5}$' },
      { type: 'string', title: 'CAP', pattern: '^\\d{5}$' },
      'Il campo «CAP» non è nel formato richiesto',
    ],
    [
      'the field its own message',
      'pattern',
      { pattern: '^\\d{11}$' },
      { type: 'string', title: 'Partita IVA', 'x-messages': { pattern: 'La partita IVA deve avere 11 cifre' } },
      'La partita IVA deve avere 11 cifre',
    ],
    [
      'a shared definition speaking of the field by {title}',
      'pattern',
      {},
      {
        type: 'string',
        title: 'Colore di sfondo',
        'x-messages': { pattern: 'Il campo «{title}» deve essere un colore' },
      },
      'Il campo «Colore di sfondo» deve essere un colore',
    ],
    ['our format', 'format', { format: 'partita-iva' }, { title: 'Partita IVA' }, 'La partita IVA non è valida'],
    [
      'our time format',
      'format',
      { format: 'time-hhmm' },
      { title: 'Ora inizio' },
      'Il campo «Ora inizio» deve essere un orario nel formato HH:MM, ad esempio 08:30',
    ],
    [
      'an e-mail',
      'format',
      { format: 'email' },
      { title: 'Email' },
      'Il campo «Email» deve essere un indirizzo email valido, ad esempio nome@azienda.it',
    ],
    ['a date', 'format', { format: 'date' }, { title: 'Data' }, 'Il campo «Data» deve essere una data valida'],
    [
      'an enumeration lists its labels',
      'const',
      { allowedValue: 'Y' },
      {
        title: 'Attivo',
        oneOf: [
          { const: 'Y', title: 'Sì' },
          { const: 'N', title: 'No' },
        ],
      },
      'Il campo «Attivo» deve essere uno dei valori previsti: Sì, No',
    ],
    [
      'an unknown field',
      'unevaluatedProperties',
      { unevaluatedProperty: 'colore' },
      {},
      'Il campo «colore» non è previsto',
    ],
  ])('%s', (_name, keyword, params, field, want) => {
    const name = String(params.missingProperty ?? params.unevaluatedProperty ?? 'campo');
    expect(fieldMessage({ keyword, params }, field, name, 'deve essere >= 1')).toBe(want);
  });

  it('falls back on ajv-i18n only for keywords it does not know, still naming the field', () => {
    expect(
      fieldMessage({ keyword: 'dependentRequired', params: {} }, { title: 'Nome' }, 'nome', 'richiede altro'),
    ).toBe('Il campo «Nome» richiede altro');
  });

  it('names a field without a title by its name', () => {
    expect(fieldMessage({ keyword: 'required', params: {} }, undefined, 'descrizione')).toBe(
      'Il campo «descrizione» è obbligatorio',
    );
  });
});

describe('schemaAt: the field below a root schema', () => {
  const root: SchemaNode = {
    allOf: [{ $ref: '#/Gruppo' }],
    unevaluatedProperties: false,
  };
  const gruppo: SchemaNode = {
    type: 'object',
    properties: {
      articoli: { type: 'array', items: { type: 'object', properties: { prezzo: { title: 'Prezzo' } } } },
      colore: { $ref: '#/Colour', title: 'Colore di sfondo' },
    },
  };
  const defs: Record<string, SchemaNode> = { '#/Gruppo': gruppo, '#/Colour': { title: 'Colore', pattern: 'x' } };
  const resolve = (n: SchemaNode): SchemaNode => {
    if (typeof n.$ref !== 'string') return n;
    const { $ref, ...siblings } = n;
    return { ...resolve(defs[$ref] ?? {}), ...siblings };
  };

  it('walks allOf, properties and list items, following $refs with their siblings winning', () => {
    expect(schemaAt(root, ['articoli', '0', 'prezzo'], resolve)).toEqual({ title: 'Prezzo' });
    expect(schemaAt(root, ['colore'], resolve)).toEqual({ title: 'Colore di sfondo', pattern: 'x' });
    expect(schemaAt(root, ['nessuno'], resolve)).toBeUndefined();
  });
});
