import { describe, expect, it } from 'vitest';
import { newAcceptanceDraft } from '../../../domain/acceptance/acceptanceDraft.ts';
import { acceptanceFormFields } from '../../../domain/acceptance/acceptancePayload.ts';
import { notchesFor } from '../../../domain/acceptance/fuelGauge.ts';
import { loadContract } from '../../contract/contract.ts';
import { createValidators } from '../../contract/validators.ts';

const types = [
  { id: 1, nome: 'Livello olio motore', tipo: 'select', valori: 'OK,Basso' },
  { id: 3, nome: 'Luci funzionanti', tipo: 'Si/No' },
];

/** The multipart parts as a contract checker reads them: text as text, repeated `[]` parts as arrays. */
function asBody(fields: [string, string][]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of fields)
    if (name.endsWith('[]')) body[name] = [...((body[name] as string[] | undefined) ?? []), value];
    else body[name] = value;
  return { ...body, firma: 'PNG' };
}

describe("the wizard's check-in matches the contract's AccettazioneMezzoUpload", () => {
  const validators = createValidators(loadContract());
  const validate = validators.compile(validators.coercing, {
    $ref: '#/components/schemas/AccettazioneMezzoUpload',
  });

  it('a fresh draft with only a reading: fuel 0 and no damage are left out, the server defaults them', () => {
    const draft = { ...newAcceptanceDraft(7, '2026-11-27'), matricole: 'SN-1', ore: 0 };
    const fields = acceptanceFormFields(draft, types);
    expect(fields.map(([name]) => name)).not.toContain('carburante');
    expect(validate(asBody(fields)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('a full draft, checks included', () => {
    const draft = {
      ...newAcceptanceDraft(7, '2026-11-27'),
      danni: true,
      carburante: 3,
      tacche: notchesFor(3),
      km: 12540,
      matricole: 'SN-1',
      noteCliente: 'Pulito',
      controlli: { 1: 'Basso', 3: true },
    };
    expect(validate(asBody(acceptanceFormFields(draft, types))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('a body without its operator is refused', () => {
    const fields = acceptanceFormFields(newAcceptanceDraft(0, '2026-11-27'), types);
    expect(validate(asBody(fields))).toBe(false);
  });
});
