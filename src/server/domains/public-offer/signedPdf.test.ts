import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../../../tests/helpers/pdfText.ts';
import { PNG } from '../../../../tests/helpers/sampleFiles.ts';
import { signedOfferPdf, type SignedOffer } from './signedPdf.ts';

const line = (i: number) => ({
  key: `voce${i}`,
  label: `Voce ${i}`,
  formula: `${i} giorni × 95,00 €`,
  cents: 9500 * i,
  text: `Voce ${i}: ${i} giorni × 95,00 €`,
});

const offer = (lines: number): SignedOffer => ({
  company: 'Rossi Noleggi S.r.l.',
  ragioneSociale: 'Edilizia Brambilla S.r.l.',
  numero: 'OFF-2026-000123',
  inviataIl: '2026-03-12T09:30:00Z',
  hash: 'b'.repeat(64),
  dal: '2026-04-01',
  al: '2026-04-12',
  durata: '12 giorni',
  cantiere: 'Via Roma 1, Sesto San Giovanni',
  gruppoRisorse: 'Piattaforme 12 m',
  option: {
    code: 'FULL',
    name: 'Full',
    description: null,
    percentage: 12,
    figures: {
      prezzoNoleggio: 1140,
      prezzoAssicurazione: 136.8,
      prezzoOneri: 22.8,
      prezzoTrasporto: 140.25,
      prezzoVarie: 0,
      prezzoTotale: 1439.85,
      prezzoTotaleScontato: 1439.85,
    },
    breakdown: Array.from({ length: lines }, (_, i) => line(i + 1)),
  },
  firmatario: 'Paolo Brambilla',
  firma: PNG,
  accettataIl: new Date('2026-03-13T10:00:00Z'),
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone)',
});

describe('the signed offer PDF', () => {
  it('keeps the signature, the signer and the time on one page, the address and browser in the evidence', async () => {
    const pagesOfHeading = new Set<number>();
    // A longer breakdown pushes the signature block down through the end of the first page.
    for (let lines = 5; lines <= 40; lines += 1) {
      const pages = await pdfPages(await signedOfferPdf(offer(lines)));
      const heading = pages.findIndex((p) => p.text.includes('Firma del cliente'));
      const page = pages[heading];
      expect(heading, `${lines} voci`).toBeGreaterThanOrEqual(0);
      expect(page?.images, `${lines} voci: firma a pagina ${heading + 1}`).toBe(1);
      for (const what of ['Firmato da Paolo Brambilla', 'Data e ora (Roma) 13-03-2026 11:00'])
        expect(page?.text, `${lines} voci`).toContain(what);
      const all = pages.map((p) => p.text).join(' ');
      for (const what of ['Indirizzo di rete 203.0.113.7', 'Browser Mozilla/5.0 (iPhone)'])
        expect(all, `${lines} voci`).toContain(what);
      pagesOfHeading.add(heading);
    }
    expect([...pagesOfHeading].sort()).toEqual([0, 1]);
  });
});
