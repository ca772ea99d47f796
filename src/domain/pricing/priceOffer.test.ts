import { describe, expect, it } from 'vitest';
import { priceOffer, type OfferPricingInput } from './priceOffer.ts';
import { exampleA, plt12Lines } from './workedExamples.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const texts = (input: OfferPricingInput) => priceOffer(input).breakdown.map((l) => plain(l.text));

describe('priceOffer: worked example A (README)', () => {
  const result = priceOffer(exampleA());

  it('gives every figure to the cent', () => {
    expect(result.errors).toEqual([]);
    expect(result.figures).toEqual({
      prezzoNoleggio: 1140,
      prezzoAssicurazione: 96.9,
      prezzoOneri: 22.8,
      prezzoTrasporto: 140.25,
      prezzoVarie: 49.5,
      prezzoTotale: 1449.45,
      prezzoTotaleScontato: 1376.98,
    });
    expect(result.approvalRequired).toBe(false);
  });

  it('measures the effective discount from the list: articles undiscounted, both transport legs in full', () => {
    // 1140 + 96,90 + 22,80 + (93,50 + 93,50) + (35 + 20) = 1501,70 €; 1501,70 − 1376,98 = 124,72 €
    expect(result.effectiveDiscount).toEqual({
      listCents: 150170,
      cents: 12472,
      percent: expect.closeTo(8.305, 3),
      maxPercent: 10,
    });
  });

  it('explains each figure line by line, in Italian', () => {
    expect(texts(exampleA())).toEqual([
      'Noleggio: 12 giorni × 95,00 € (fascia 6–15 giorni) = 1.140,00 €',
      'Assicurazione Base: 8,50% di 1.140,00 € = 96,90 €',
      'Contributo ambientale (Base): 2,00% di 1.140,00 € = 22,80 €',
      'Distanza: 42,0 km dalla filiale al cantiere, 51 minuti di viaggio (a 50 km/h di media)',
      'Trasporto andata: 85,00 € (fascia 0–60 minuti) × 1,1 (durata 12 giorni) × 1 (punteggio 70) × 100,00% = 93,50 €',
      'Trasporto ritorno: 85,00 € (fascia 0–60 minuti) × 1,1 (durata 12 giorni) × 1 (punteggio 70) × 50,00% = 46,75 €',
      'Cestello portapersone: 35,00 € − 10,00% = 31,50 €',
      'Forche pallet: 20,00 € − 2,00 € = 18,00 €',
      'Varie: somma degli articoli = 49,50 €',
      'Totale: 1.140,00 € + 96,90 € + 22,80 € + 140,25 € + 49,50 € = 1.449,45 €',
      'Sconto: 5,00% di 1.449,45 € = 72,47 €',
      'Totale scontato: 1.449,45 € − 72,47 € = 1.376,98 €',
    ]);
  });
});

describe('priceOffer: the customer reads the breakdown too (public page, PDF)', () => {
  it("says the distance in the customer's terms, and leaves out a score nobody gave", () => {
    const lines = texts({ ...exampleA(), transport: { ...exampleA().transport, score: null } }).join('\n');
    expect(lines).not.toMatch(/inseriti a mano|punteggio non indicato|punteggio/);
    expect(lines).toContain(
      'Trasporto andata: 85,00 € (fascia 0–60 minuti) × 1,1 (durata 12 giorni) × 100,00% = 93,50 €',
    );
  });

  it('groups the thousands of every amount it writes', () => {
    const lines = texts({ ...exampleA(), duration: { value: 30, unit: 'G' } }).join('\n');
    expect(lines).toMatch(/\d\.\d{3},\d{2} €/);
    expect(lines).not.toMatch(/\b\d{4,},\d{2}\s?€/);
  });
});

describe('priceOffer: worked examples', () => {
  it.each<[string, Partial<OfferPricingInput>, Record<string, number>]>([
    [
      'B: 3 days, Full insurance rounded half-up, all inclusive, no transport, 10 € off',
      {
        duration: { value: 3, unit: 'G' },
        insurance: { code: 'FULL', name: 'Full', percentage: 12.35 },
        environmental: { option: 'all-inclusive', percentage: 3.5 },
        transport: { ...exampleA().transport, enabled: false },
        articles: {},
        discount: { amount: 10, maxPercent: 5 },
      },
      // 330 × 12,35% = 40,755 → 40,76; 330 × 3,5% = 11,55
      {
        prezzoNoleggio: 330,
        prezzoAssicurazione: 40.76,
        prezzoOneri: 11.55,
        prezzoTrasporto: 0,
        prezzoTotale: 382.31,
        prezzoTotaleScontato: 372.31,
      },
    ],
    [
      'C: 2 months by the month rate, low score, short-rental increase does not apply',
      {
        duration: { value: 2, unit: 'M' },
        insurance: null,
        environmental: null,
        transport: { ...exampleA().transport, typedKm: 90, score: 30 },
        articles: {},
        discount: { maxPercent: 5 },
      },
      // 90 km → 108 minutes → band 61–120 (140 €); 60 days → 1; score 30 → 1,15; 140 × 1,15 = 161; return 50% = 80,50
      {
        prezzoNoleggio: 3000,
        prezzoAssicurazione: 0,
        prezzoOneri: 0,
        prezzoTrasporto: 241.5,
        prezzoTotale: 3241.5,
        prezzoTotaleScontato: 3241.5,
      },
    ],
    [
      'D: dates count both ends (1–10 October = 10 days at 95 €)',
      {
        duration: { from: '2025-10-01', to: '2025-10-10' },
        transport: { ...exampleA().transport, enabled: false },
        articles: {},
      },
      { prezzoNoleggio: 950, prezzoAssicurazione: 80.75, prezzoOneri: 19 },
    ],
  ])('%s', (_name, change, want) => {
    const result = priceOffer({ ...exampleA(), ...change });
    expect(result.errors).toEqual([]);
    expect(result.figures).toMatchObject(want);
  });

  it('uses only the lines of the chosen resource group', () => {
    const result = priceOffer({ ...exampleA(), resourceGroup: 'PLT18' });
    expect(result.figures?.prezzoNoleggio).toBe(1800);
  });
});

describe('priceOffer: typed errors with Italian messages', () => {
  it.each<[string, Partial<OfferPricingInput>, string, string, string]>([
    [
      'no price lines',
      { priceLines: [] },
      'NO_PRICE_LINES',
      'listiniOfferta',
      'Il gruppo risorse PLT12 non ha righe di listino: impossibile calcolare il noleggio',
    ],
    [
      'a duration outside every slot',
      { duration: { value: 45, unit: 'G' } },
      'DURATION_OUTSIDE_SLOTS',
      'durata',
      'La durata di 45 giorni non rientra in nessuna fascia del listino (fasce disponibili: 1–5 giorni, 6–15 giorni, 16–30 giorni)',
    ],
    [
      'a unit the price list lacks',
      { duration: { value: 1, unit: 'A' } },
      'DURATION_OUTSIDE_SLOTS',
      'durata',
      'La durata di 1 anno non rientra in nessuna fascia del listino (il listino non ha fasce in anni)',
    ],
    [
      'a duration of zero',
      { duration: { value: 0, unit: 'G' } },
      'DURATION_INVALID',
      'durata',
      'La durata deve essere un numero intero di almeno 1',
    ],
    [
      'dates in the wrong order',
      { duration: { from: '2025-10-10', to: '2025-10-01' } },
      'DURATION_INVALID',
      'al',
      'La data di fine noleggio deve essere uguale o successiva a quella di inizio',
    ],
    [
      'a site with no distance and no typed km',
      { transport: { ...exampleA().transport, typedKm: null, distance: null } },
      'DISTANCE_MISSING',
      'km',
      'Il cantiere non ha una distanza dalla filiale: indicare la posizione del cantiere o inserire i km',
    ],
    [
      'a site farther than every transport band',
      { transport: { ...exampleA().transport, typedKm: 200 } },
      'TRANSPORT_BAND_MISSING',
      'km',
      'Nessuna fascia dei prezzi di trasporto comprende 240 minuti di viaggio',
    ],
    [
      'an article price below 1',
      { articles: { articoliAggiuntivi: [{ description: 'Tanica', price: 0.5, selezionato: true }] } },
      'ARTICLE_PRICE_TOO_LOW',
      'articoliAggiuntivi.0.price',
      "Il prezzo dell'articolo «Tanica» deve essere almeno 1,00 €",
    ],
    [
      'an article discount above its price',
      { articles: { articoli: [{ description: 'Tanica', price: 5, selezionato: true, discountAmount: 6 }] } },
      'ARTICLE_DISCOUNT_TOO_HIGH',
      'articoli.0.discountAmount',
      "Lo sconto dell'articolo «Tanica» supera il suo prezzo di 5,00 €",
    ],
    [
      'a discount above the allowed maximum',
      { discount: { percent: 6, maxPercent: 5 } },
      'DISCOUNT_ABOVE_MAXIMUM',
      'sconto',
      "Lo sconto effettivo del 9,27% (139,22 € su 1.501,70 € di listino) supera il massimo consentito del 5,00%: serve l'approvazione di un supervisore",
    ],
    [
      'a discount amount above the total',
      { discount: { amount: 5000, maxPercent: 100 } },
      'DISCOUNT_ABOVE_TOTAL',
      'scontoImporto',
      "Lo sconto supera il totale dell'offerta",
    ],
    [
      'a negative discount',
      { discount: { percent: -5, maxPercent: 5 } },
      'NEGATIVE_VALUE',
      'sconto',
      'Sconto %: il valore non può essere negativo',
    ],
    [
      'a negative return transport share',
      { transport: { ...exampleA().transport, returnPercent: -50 } },
      'NEGATIVE_VALUE',
      'trasportoRitorno',
      'Trasporto ritorno: il valore non può essere negativo',
    ],
    [
      'a negative article discount',
      { articles: { articoli: [{ description: 'Tanica', price: 5, selezionato: true, discountPercentage: -10 }] } },
      'NEGATIVE_VALUE',
      'articoli.0.discountPercentage',
      "Sconto dell'articolo «Tanica»: il valore non può essere negativo",
    ],
  ])('%s', (_name, change, code, field, message) => {
    const result = priceOffer({ ...exampleA(), ...change });
    expect(result.errors.map((e) => ({ ...e, message: plain(e.message) }))).toEqual([{ code, field, message }]);
  });

  it('still shows the figures of a discount awaiting approval, and asks for it', () => {
    const result = priceOffer({ ...exampleA(), discount: { percent: 6, maxPercent: 5 } });
    expect(result.approvalRequired).toBe(true);
    expect(result.figures?.prezzoTotaleScontato).toBe(1362.48);
  });

  it('accepts a larger discount once a supervisor approved it, and keeps who out of the customer-facing breakdown', () => {
    const result = priceOffer({ ...exampleA(), discount: { percent: 6, maxPercent: 5, approvedBy: 'Laura Verdi' } });
    expect(result.errors).toEqual([]);
    expect(result.approvalRequired).toBe(true);
    expect(plain(result.breakdown.find((l) => l.key === 'sconto')?.text ?? '')).toBe(
      'Sconto: 6,00% di 1.449,45 € = 86,97 €',
    );
  });

  it('reports every independent error at once', () => {
    const result = priceOffer({
      ...exampleA(),
      priceLines: [],
      transport: { ...exampleA().transport, typedKm: null },
      articles: { articoli: [{ description: 'Tanica', price: 0, selezionato: true }] },
    });
    expect(result.errors.map((e) => e.code)).toEqual(['NO_PRICE_LINES', 'DISTANCE_MISSING', 'ARTICLE_PRICE_TOO_LOW']);
    expect(result.figures).toBeNull();
  });

  it('ignores articles that are not selected, whatever their price', () => {
    const result = priceOffer({ ...exampleA(), articles: { articoli: [{ description: 'X', price: 0 }] } });
    expect(result.errors).toEqual([]);
    expect(result.figures?.prezzoVarie).toBe(0);
  });

  describe('the effective discount has no side door', () => {
    const neutral = (): OfferPricingInput => ({
      ...exampleA(),
      transport: { ...exampleA().transport, returnPercent: 100 },
      articleCatalogue: [
        { id: 1, description: 'Cestello portapersone', price: 35 },
        { id: 2, description: 'Forche pallet', price: 20 },
      ],
      articles: {
        articoli: [
          { id: 1, description: 'Cestello portapersone', price: 35, selezionato: true },
          { id: 2, description: 'Forche pallet', price: 20, selezionato: true },
        ],
      },
      discount: { maxPercent: 5 },
    });
    const codes = (input: OfferPricingInput) => priceOffer(input).errors.map((e) => [e.code, e.field]);

    it('an offer at list prices gives nothing away', () => {
      const result = priceOffer(neutral());
      expect(result.errors).toEqual([]);
      expect(result.effectiveDiscount).toMatchObject({ listCents: 150170, cents: 0, percent: 0 });
    });

    it('both transport legs at 0% are a discount of what they would cost (above 5%: approval)', () => {
      const input = { ...neutral(), transport: { ...neutral().transport, outboundPercent: 0, returnPercent: 0 } };
      expect(codes(input)).toEqual([['DISCOUNT_ABOVE_MAXIMUM', 'trasporto']]);
      expect(priceOffer(input).effectiveDiscount?.cents).toBe(18700);
      expect(priceOffer(input).figures?.prezzoTotaleScontato).toBe(1314.7);
    });

    it('article discounts count: 100% off an article is a discount of its list price', () => {
      const input = neutral();
      const big = { ...input, articleCatalogue: [{ id: 1, description: 'Gru', price: 500 }] };
      const articoli = [{ id: 1, description: 'Gru', price: 500, selezionato: true, discountPercentage: 100 }];
      expect(codes({ ...big, articles: { articoli } })).toEqual([
        ['DISCOUNT_ABOVE_MAXIMUM', 'articoli.0.discountPercentage'],
      ]);
    });

    it('an article under its list price needs approval, however small the difference', () => {
      const input = neutral();
      const articoli = [{ id: 1, description: 'Cestello portapersone', price: 34, selezionato: true }];
      const errors = priceOffer({ ...input, articles: { articoli } }).errors;
      expect(errors.map((e) => ({ ...e, message: plain(e.message) }))).toEqual([
        {
          code: 'ARTICLE_BELOW_LIST',
          field: 'articoli.0.price',
          message: expect.stringContaining("è sotto il listino (35,00 €): serve l'approvazione di un supervisore"),
        },
      ]);
      const approved = priceOffer({
        ...input,
        articles: { articoli },
        discount: { maxPercent: 5, approvedBy: 'Laura' },
      });
      expect(approved.errors).toEqual([]);
      expect(approved.approvalRequired).toBe(true);
    });

    it('an article that is not the group’s is refused, selected or not', () => {
      const articoli = [
        { id: 1, description: 'Cestello portapersone', price: 1, selezionato: true, discountPercentage: 100 },
        { id: 77, description: 'Inventato', price: 100000, selezionato: true, discountPercentage: 100 },
        { description: 'Senza id', price: 5, selezionato: false },
      ];
      expect(codes({ ...neutral(), articles: { articoli } })).toEqual([
        ['ARTICLE_UNKNOWN', 'articoli.1'],
        ['ARTICLE_UNKNOWN', 'articoli.2'],
      ]);
    });

    it('a price above the list is no discount: the offered total is what counts', () => {
      const articoli = [{ id: 1, description: 'Cestello portapersone', price: 60, selezionato: true }];
      const result = priceOffer({ ...neutral(), articles: { articoli }, discount: { percent: 5, maxPercent: 5 } });
      expect(result.errors).toEqual([]);
      expect(result.effectiveDiscount?.cents).toBeLessThanOrEqual(Math.round(result.effectiveDiscount!.listCents / 20));
    });
  });

  it('prices a long rental by months with the month lines', () => {
    expect(
      priceOffer({ ...exampleA(), priceLines: plt12Lines, duration: { value: 6, unit: 'M' } }).figures?.prezzoNoleggio,
    ).toBe(7800);
  });
});
