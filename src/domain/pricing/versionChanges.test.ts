import { describe, expect, it } from 'vitest';
import { priceOffer } from './priceOffer.ts';
import { versionChanges } from './versionChanges.ts';
import { exampleA } from './workedExamples.ts';

// formatEuro puts a no-break space before €; the sentences below are written with plain ones.
const plain = (lines: string[]) => lines.map((l) => l.replace(/\u00a0/g, ' '));

const version = (change: (input: ReturnType<typeof exampleA>) => void = () => undefined) => {
  const input = exampleA();
  change(input);
  return { input, result: priceOffer(input) };
};

describe('versionChanges', () => {
  it('tells nothing for the first version, nor for an identical one', () => {
    expect(versionChanges(null, version())).toEqual([]);
    expect(versionChanges(version(), version())).toEqual([]);
  });

  it('tells each changed choice and each changed figure, before and after', () => {
    const longer = version((i) => {
      i.duration = { value: 14, unit: 'G' };
      i.discount = { percent: 0, maxPercent: 5 };
    });
    expect(plain(versionChanges(version(), longer))).toEqual([
      'Durata: 12 giorni → 14 giorni',
      'Sconto: 5,00% → nessuno',
      'Prezzo noleggio: 1.140,00 € → 1.330,00 €',
      'Prezzo assicurazione: 96,90 € → 113,05 €',
      'Prezzo contributo ambientale: 22,80 € → 26,60 €',
      'Totale: 1.449,45 € → 1.659,40 €',
      'Totale scontato: 1.376,98 € → 1.659,40 €',
    ]);
  });

  it('tells an article chosen or its discount, and transport switched off', () => {
    const changed = version((i) => {
      i.transport = { ...i.transport, enabled: false };
      const first = i.articles.articoliMezzo?.[1];
      if (first) first.selezionato = true;
    });
    const lines = plain(versionChanges(version(), changed));
    expect(lines).toContain('Trasporto: andata 100,00%, ritorno 50,00%, 42 km inseriti a mano → non richiesto');
    expect(lines).toContain(
      'Articoli: Cestello portapersone 35,00 € −10,00%, Forche pallet 20,00 € −2,00 € → Cestello portapersone 35,00 € −10,00%, Stabilizzatori extra 50,00 €, Forche pallet 20,00 € −2,00 €',
    );
  });
});
