import { describe, expect, it } from 'vitest';
import type { ImportDefinition, ImportField } from '../resourceDefinition.ts';
import { mappingProblems, missingRequired, suggestMapping } from './columnMapping.ts';
import { normalizeLabel } from './labels.ts';

const f = (name: string, title: string, required = false): ImportField => ({ name, title, kind: 'text', required });
const customer: ImportDefinition = {
  key: ['vatNumber'],
  fields: [
    f('companyName', 'Ragione sociale', true),
    f('vatNumber', 'Partita IVA', true),
    f('city', 'Città'),
    f('agentId', 'Agente'),
  ],
};

describe('normalizeLabel', () => {
  it.each([
    ['Città', 'citta'],
    ["CITTA'", 'citta'],
    ['Partita  IVA', 'partita iva'],
    ['partita_iva', 'partita iva'],
    ['vatNumber', 'vat number'],
    ['  Ragione-Sociale ', 'ragione sociale'],
  ])('%s reads %s', (text, normal) => expect(normalizeLabel(text)).toBe(normal));
});

describe('suggestMapping', () => {
  it('finds fields by Italian title first, then by name, whatever the case and accents', () => {
    expect(suggestMapping(['RAGIONE SOCIALE', 'vat_number', 'citta', 'Note', 'agentId'], customer.fields)).toEqual([
      'companyName',
      'vatNumber',
      'city',
      null,
      'agentId',
    ]);
  });
  it('fills a field from one column only', () => {
    expect(suggestMapping(['Città', 'Citta', 'city'], customer.fields)).toEqual(['city', null, null]);
  });
});

describe('mappingProblems', () => {
  it('asks for the key and refuses a field twice or one that cannot be imported', () => {
    expect(mappingProblems(['companyName', 'companyName', 'id'], customer)).toEqual([
      { column: 1, message: "Il campo «Ragione sociale» è già associato a un'altra colonna" },
      { column: 2, message: 'Il campo «id» non si può importare' },
      { column: null, message: 'Associare una colonna al campo «Partita IVA»: identifica i record già presenti' },
    ]);
    expect(mappingProblems(['companyName', 'vatNumber', null], customer)).toEqual([]);
  });
  it('names the required fields no column fills', () => {
    expect(missingRequired(['vatNumber', null], customer).map((x) => x.name)).toEqual(['companyName']);
  });
});
