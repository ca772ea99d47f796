import { describe, expect, it } from 'vitest';
import {
  durationIncreases,
  plt12Lines,
  scoreIncreases,
  transportBands,
} from '../../../domain/pricing/workedExamples.ts';
import {
  approvalOf,
  draftApprover,
  emptyDraft,
  errorsByField,
  inputOfDraft,
  mergeArticles,
  priceDraft,
  pricedByDates,
  rebaseDraft,
  type OfferCatalog,
} from './offerDraft.ts';

const insurances = [
  { code: 'FULL', name: 'Full', percentage: 12, defaultInsurance: false },
  { code: 'BASE', name: 'Base', percentage: 8.5, defaultInsurance: true },
];
const catalog: OfferCatalog = {
  insurances,
  environmental: { base: 2 },
  priceBands: transportBands,
  durationIncreases,
  scoreIncreases,
  maxDiscount: 5,
  resourceGroup: 'PLT12',
  priceLines: plt12Lines,
  distance: null,
  score: 70,
};

describe('offer draft', () => {
  it('starts with transport both ways at 100% and the default insurance', () => {
    const d = emptyDraft(insurances);
    expect(d).toMatchObject({
      trasportoAbilitato: true,
      trasporto: 100,
      trasportoRitorno: 100,
      assicurazioneTipo: 'BASE',
    });
  });

  it('prices worked example A through the engine, and asks approval of its effective discount as the server does', () => {
    const d = emptyDraft(insurances, {
      gruppoRisorsaId: 1,
      durata: 12,
      contributoAmbientale: 'base',
      trasportoRitorno: 50,
      km: 42,
      articoli: [
        { id: 1, description: 'Cestello portapersone', price: 35, selezionato: true, discountPercentage: 10 },
        { id: 2, description: 'Forche pallet', price: 20, selezionato: true, discountAmount: 2 },
      ],
      scontoPercentuale: 5,
    });
    const p = priceDraft(d, {
      ...catalog,
      articles: [
        { id: 1, description: 'Cestello portapersone', price: 35 },
        { id: 2, description: 'Forche pallet', price: 20 },
      ],
    });
    // 5% off, the articles' own discounts and the return at 50%: 124,72 € off a list of 1.501,70 € (8,31%).
    expect(p.errors.map((e) => [e.code, e.field])).toEqual([['DISCOUNT_ABOVE_MAXIMUM', 'sconto']]);
    expect(p.approvalRequired).toBe(true);
    expect(p.effectiveDiscount).toMatchObject({ listCents: 150170, cents: 12472 });
    expect(p.figures).toEqual({
      prezzoNoleggio: 1140,
      prezzoAssicurazione: 96.9,
      prezzoOneri: 22.8,
      prezzoTrasporto: 140.25,
      prezzoVarie: 49.5,
      prezzoTotale: 1449.45,
      prezzoTotaleScontato: 1376.98,
    });
  });

  it('lets the dates decide a duration in days, both ends counted', () => {
    const d = emptyDraft(insurances, {
      durata: 3,
      inizio: '2026-10-01',
      fine: '2026-10-10',
      trasportoAbilitato: false,
    });
    expect(pricedByDates(d)).toBe(true);
    expect(priceDraft(d, catalog).figures?.prezzoNoleggio).toBe(950);
    expect(pricedByDates({ ...d, durataUnita: 'M' })).toBe(false);
  });

  it('puts each error next to its field, a discount above 5% included', () => {
    const d = emptyDraft(insurances, { gruppoRisorsaId: 1, durata: 45, km: null, scontoPercentuale: 6 });
    const byField = errorsByField(priceDraft(d, catalog));
    expect(byField.durata).toMatch(/45 giorni non rientra/);
    const over = errorsByField(priceDraft({ ...d, durata: 12, km: 10 }, catalog));
    expect(over.sconto?.replace(/\u00a0/g, ' ')).toBe(
      "Lo sconto effettivo del 6,00% (85,43 € su 1.423,90 € di listino) supera il massimo consentito del 5,00%: serve l'approvazione di un supervisore",
    );
  });

  it('keeps a stored approval while its levers are unchanged, and asks a new one when a lever changes', () => {
    const stored = emptyDraft(insurances, { gruppoRisorsaId: 1, durata: 12, km: 10, scontoPercentuale: 15 });
    const approval = approvalOf('Roberto Marchetti', stored, catalog);
    const noted = priceDraft({ ...stored, noteOfferta: 'Consegna al mattino' }, catalog, approval);
    expect(noted.errors).toEqual([]);
    expect(noted.approvalRequired).toBe(true);
    const changed = errorsByField(priceDraft({ ...stored, scontoPercentuale: 16 }, catalog, approval));
    expect(changed.sconto).toMatch(/serve l'approvazione di un supervisore/);
    expect(errorsByField(priceDraft(stored, catalog)).sconto).toMatch(/serve l'approvazione/);
    // "Sconto approvato da" is said of the draft only while it gives away what was approved.
    expect(draftApprover({ ...stored, noteOfferta: 'Consegna al mattino' }, catalog, approval)).toBe(
      'Roberto Marchetti',
    );
    expect(draftApprover({ ...stored, scontoPercentuale: 16 }, catalog, approval)).toBeNull();
    expect(draftApprover(stored, catalog, null)).toBeNull();
  });

  it('names a choice not made yet rather than what cannot be computed without it', () => {
    const byField = errorsByField(priceDraft(emptyDraft(insurances), catalog));
    expect(byField.gruppoRisorsaId).toBe('Scegliere il gruppo risorse da offrire');
    expect(byField.durata).toBe('Indicare la durata del noleggio oppure le date di inizio e fine');
    expect(byField.listiniOfferta).toBeUndefined();
  });

  it('sends only choices, the dates instead of a typed duration, the totals shown and the version read', () => {
    const d = emptyDraft(insurances, { gruppoRisorsaId: 1, durata: 3, inizio: '2026-10-01', fine: '2026-10-10' });
    const shown = priceDraft({ ...d, trasportoAbilitato: false }, catalog).figures;
    const input = inputOfDraft(d, shown, 4);
    expect(input).toMatchObject({ version: 4, durata: null, inizio: '2026-10-01', contributoAmbientale: '' });
    expect(input.prezziAttesi?.prezzoNoleggio).toBe(950);
    expect(Object.keys(input)).not.toContain('prezzoTotale');
  });

  it('keeps what was typed for an article when its group is chosen again', () => {
    const chosen = [{ id: 1, description: 'Cestello', price: 40, selezionato: true, discountPercentage: 5 }];
    const merged = mergeArticles(
      [
        { id: 1, description: 'Cestello', price: 35 },
        { id: 2, description: 'Forche', price: 20 },
      ],
      chosen,
    );
    expect(merged).toEqual([chosen[0], { id: 2, description: 'Forche', price: 20, selezionato: false }]);
  });

  it('after a stale save, puts what was typed back on top of the offer as stored, naming the fields both changed', () => {
    const base = emptyDraft(insurances, { gruppoRisorsaId: 1, durata: 12, scontoPercentuale: 2, noteOfferta: '' });
    const mine = { ...base, scontoPercentuale: 4, durata: 14 };
    const stored = { ...base, scontoPercentuale: 3, noteOfferta: 'Consegna alle 8' };
    const { draft, bothChanged } = rebaseDraft(base, mine, stored);
    expect(draft).toMatchObject({ scontoPercentuale: 4, durata: 14, noteOfferta: 'Consegna alle 8' });
    expect(bothChanged).toEqual(['scontoPercentuale']);
    expect(rebaseDraft(base, base, stored).draft).toEqual(stored);
  });
});
