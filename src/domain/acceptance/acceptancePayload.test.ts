import { describe, expect, it } from 'vitest';
import { newAcceptanceDraft } from './acceptanceDraft.ts';
import { acceptanceFormFields } from './acceptancePayload.ts';
import { notchesFor } from './fuelGauge.ts';

const types = [
  { id: 1, nome: 'Livello olio motore', tipo: 'select', valori: 'OK,Basso,Da rabboccare' },
  { id: 2, nome: 'Pneumatici', tipo: 'select', valori: 'Buoni,Usurati,Da sostituire' },
  { id: 3, nome: 'Luci funzionanti', tipo: 'Si/No' },
  { id: 4, nome: 'Pressione', tipo: 'numero' },
];

describe('acceptanceFormFields (SPEC.md section 5)', () => {
  it('sends only the operator and the date of a fresh draft: fuel 0, no damage and empty fields stay out', () => {
    expect(acceptanceFormFields(newAcceptanceDraft(7, '2025-09-24'), types)).toEqual([
      ['operatore', '7'],
      ['dataAccettazione', '2025-09-24'],
    ]);
  });

  it('sends the truthy fields in order (a reading of 0 too), then one controlloId[]/valore[] pair per answered check', () => {
    const draft = {
      ...newAcceptanceDraft(7, '2025-09-24'),
      danni: true,
      carburante: 3,
      tacche: notchesFor(3),
      km: 12540,
      ore: 0,
      matricole: 'SN-4455-AB',
      noteCliente: '  ',
      noteInterne: 'Graffio sul cestello',
      controlli: { 1: 'Basso', 2: '', 3: false, 4: '2,5' },
    };
    expect(acceptanceFormFields(draft, types)).toEqual([
      ['operatore', '7'],
      ['dataAccettazione', '2025-09-24'],
      ['danni', 'true'],
      ['carburante', '3'],
      ['km', '12540'],
      ['ore', '0'],
      ['matricole', 'SN-4455-AB'],
      ['noteInterne', 'Graffio sul cestello'],
      ['controlloId[]', '1'],
      ['valore[]', 'Basso'],
      ['controlloId[]', '3'],
      ['valore[]', 'No'],
      ['controlloId[]', '4'],
      ['valore[]', '2.5'],
    ]);
  });

  it('leaves out a check whose value is not among its values', () => {
    const draft = { ...newAcceptanceDraft(7, '2025-09-24'), controlli: { 1: 'Pieno' } };
    expect(acceptanceFormFields(draft, types).some(([name]) => name === 'controlloId[]')).toBe(false);
  });
});
