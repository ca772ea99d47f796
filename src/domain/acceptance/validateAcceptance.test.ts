import { describe, expect, it } from 'vitest';
import { newAcceptanceDraft, type AcceptanceDraft } from './acceptanceDraft.ts';
import { validateAcceptance, validateAcceptanceStep } from './validateAcceptance.ts';

const types = [{ id: 1, nome: 'Livello olio motore', tipo: 'select', valori: 'OK,Basso' }];
/** A draft that names its machine and a reading; each case changes it. */
const draft = (change: Partial<AcceptanceDraft>): AcceptanceDraft => ({
  ...newAcceptanceDraft(7, '2025-09-24'),
  matricole: 'SN-4455',
  km: 12600,
  ...change,
});
const previous = { km: 12540, ore: 820, dataAccettazione: '2025-09-12' };
const signed = { signed: true };

describe('validateAcceptanceStep', () => {
  it('accepts a draft with its machine, a reading and the signature', () => {
    expect(validateAcceptance(draft({}), types, previous, signed)).toEqual([]);
  });

  it('refuses a blank check-in: serial number and a reading on page 1, the signature on page 2', () => {
    const blank = newAcceptanceDraft(7, '2025-09-24');
    expect(validateAcceptance(blank, types, null, { signed: false })).toEqual([
      { step: 1, field: 'matricole', message: 'Indicare almeno una matricola del mezzo' },
      { step: 1, field: 'km', message: 'Indicare i km o le ore' },
      { step: 1, field: 'ore', message: 'Indicare i km o le ore' },
      { step: 2, field: 'firma', message: 'La firma del cliente è obbligatoria' },
    ]);
  });

  it.each<[string, Partial<AcceptanceDraft>]>([
    ['km only', { km: 10, ore: null }],
    ['hours only', { km: null, ore: 10 }],
    ['a reading of 0 (a new machine)', { km: 0, ore: null }],
  ])('one reading is enough: %s', (_name, change) => {
    expect(validateAcceptanceStep(1, draft(change), types, null, signed)).toEqual([]);
  });

  it('a serial number of separators only is no serial number', () => {
    expect(validateAcceptanceStep(1, draft({ matricole: ' , ; ' }), types, null, signed)).toEqual([
      { step: 1, field: 'matricole', message: 'Indicare almeno una matricola del mezzo' },
    ]);
  });

  it.each<[string, Partial<AcceptanceDraft>, string, string]>([
    ['no operator', { operatore: null }, 'operatore', "L'operatore è obbligatorio"],
    ['a bad date', { dataAccettazione: '2025-02-30' }, 'dataAccettazione', "La data dell'accettazione non è valida"],
    ['fuel above 4', { carburante: 5 }, 'carburante', 'Il carburante deve essere un numero intero da 0 a 4'],
    ['fuel below 0', { carburante: -1 }, 'carburante', 'Il carburante deve essere un numero intero da 0 a 4'],
    ['negative km', { km: -3 }, 'km', 'I km devono essere un numero intero non negativo'],
    ['negative hours', { ore: -1 }, 'ore', 'Le ore devono essere un numero intero non negativo'],
    [
      'km below the previous reading, no reason',
      { km: 12000 },
      'km',
      "I km (12.000 km) sono inferiori all'ultima lettura (12.540 km del 12-09-2025): indicare il motivo",
    ],
    [
      'hours below the previous reading, no reason',
      { ore: 800 },
      'ore',
      "Le ore (800 h) sono inferiori all'ultima lettura (820 h del 12-09-2025): indicare il motivo",
    ],
  ])('page 1: %s', (_name, change, field, message) => {
    expect(validateAcceptanceStep(1, draft(change), types, previous, signed)).toEqual([{ step: 1, field, message }]);
  });

  it('accepts a lower reading with a reason', () => {
    expect(
      validateAcceptanceStep(
        1,
        draft({ km: 12000, ore: 10, motivoLetturaInferiore: 'Contachilometri sostituito' }),
        types,
        previous,
        signed,
      ),
    ).toEqual([]);
  });

  it('page 2: a check value outside its values', () => {
    expect(validateAcceptanceStep(2, draft({ controlli: { 1: 'Pieno' } }), types, null, signed)).toEqual([
      {
        step: 2,
        field: 'controlli.1',
        message: 'Il valore «Pieno» non è tra i valori possibili di «Livello olio motore»: OK, Basso',
      },
    ]);
  });

  it('page 2: an answer to a control type that no longer exists', () => {
    expect(validateAcceptanceStep(2, draft({ controlli: { 9: 'OK' } }), types, null, signed)).toEqual([
      { step: 2, field: 'controlli.9', message: 'Il controllo non esiste più: ricaricare la pagina' },
    ]);
  });
});
