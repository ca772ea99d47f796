import { describe, expect, it } from 'vitest';
import { checkKind, checkOptions, checkValueText, type CheckInput } from './checkValues.ts';

const olio = { nome: 'Livello olio motore', tipo: 'select', valori: 'OK,Basso,Da rabboccare' };
const luci = { nome: 'Luci funzionanti', tipo: 'Si/No' };
const pressione = { nome: 'Pressione pneumatici', tipo: 'numero' };
const nota = { nome: 'Odore', tipo: 'testo' };

describe('control types', () => {
  it.each([
    [{ tipo: 'select' }, 'lista'],
    [{ tipo: 'Si/No' }, 'siNo'],
    [{ tipo: 'Sì/No' }, 'siNo'],
    [{ tipo: 'boolean' }, 'siNo'],
    [{ tipo: 'Numero' }, 'numero'],
    [{ tipo: 'text' }, 'testo'],
    [{ tipo: 'altro', valori: 'A,B' }, 'lista'],
    [{ tipo: 'altro' }, 'testo'],
  ])('%j is %s', (type, kind) => {
    expect(checkKind(type)).toBe(kind);
  });

  it('reads the comma-separated values, trimmed', () => {
    expect(checkOptions({ tipo: 'select', valori: ' OK , Basso,,Da rabboccare ' })).toEqual([
      'OK',
      'Basso',
      'Da rabboccare',
    ]);
    expect(checkOptions(luci)).toEqual(['Sì', 'No']);
  });
});

describe('checkValueText', () => {
  it.each<[string, { nome: string; tipo: string; valori?: string }, CheckInput, ReturnType<typeof checkValueText>]>([
    ['a listed value, any case', olio, 'basso', { value: 'Basso' }],
    ['several listed values, comma separated', olio, ['OK', 'Basso'], { value: 'OK,Basso' }],
    [
      'a value not in the list',
      olio,
      'Pieno',
      { error: 'Il valore «Pieno» non è tra i valori possibili di «Livello olio motore»: OK, Basso, Da rabboccare' },
    ],
    ['yes from a switch', luci, true, { value: 'Sì' }],
    ['no from a switch is a value too', luci, false, { value: 'No' }],
    [
      'a yes/no answer outside Sì/No',
      luci,
      'Forse',
      { error: 'Il valore «Forse» non è tra i valori possibili di «Luci funzionanti»: Sì, No' },
    ],
    ['an Italian decimal', pressione, '2,5', { value: '2.5' }],
    ['a number', pressione, 3, { value: '3' }],
    ['not a number', pressione, 'alta', { error: '«Pressione pneumatici» deve essere un numero' }],
    ['free text, trimmed', nota, '  nessuno ', { value: 'nessuno' }],
    ['no answer', olio, '', null],
    ['no answer (blank)', nota, '   ', null],
    ['no answer (null)', luci, null, null],
    ['no answer (empty list)', olio, [], null],
  ])('%s', (_name, type, input, want) => {
    expect(checkValueText(type, input)).toEqual(want);
  });
});
