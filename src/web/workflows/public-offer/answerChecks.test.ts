import { describe, expect, it } from 'vitest';
import { PUBLIC_OFFER_MESSAGES as M } from '../../../domain/publicOffer.ts';
import { acceptErrors, declineErrors } from './answerChecks.ts';

describe("the public page's own checks of the customer's answer", () => {
  it('a confirmation needs the conditions accepted, a signer of three letters or more, a signature', () => {
    expect(acceptErrors({ accepted: false, signer: ' Al ', signature: null })).toEqual({
      condizioniAccettate: M.conditionsRequired,
      firmatario: M.signerRequired,
      firma: M.signatureRequired,
    });
    expect(acceptErrors({ accepted: true, signer: 'Ada Rossi', signature: 'data:image/png;base64,AA' })).toEqual({});
  });

  it('a refusal needs its reason', () => {
    expect(declineErrors({ reason: '' })).toEqual({ motivoPersaId: M.reasonRequired });
    expect(declineErrors({ reason: 3 })).toEqual({});
  });
});
