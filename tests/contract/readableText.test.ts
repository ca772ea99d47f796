import { describe, expect, it } from 'vitest';
import { unreadable } from '../helpers/readableText.ts';

const rules = (text: string, options?: { evidenceAtEnd?: boolean }) => unreadable(text, options).map((p) => p.rule);

describe('what the walk of every screen, PDF and e-mail refuses (tests/helpers/readableText.ts)', () => {
  it.each([
    ['Totale 1850,00 €', 'un importo senza il separatore delle migliaia'],
    ['Totale 2212,00\u00a0€', 'un importo senza il separatore delle migliaia'],
    ['Ore 3420 h', 'una lettura senza il separatore delle migliaia'],
    ['Valida fino al 2026-12-31', 'una data ISO'],
    ['Inviata il 2026-11-24T09:05:00.000Z', 'una data ISO'],
    ['SHA-256 della versione', 'un nome di algoritmo (SHA)'],
    ['SMTP_URL non impostato', 'un termine tecnico (SMTP)'],
    ['Risposta in JSON', 'un termine tecnico (JSON)'],
    ['Cliente: undefined', 'undefined'],
    ['Totale: NaN €', 'NaN'],
    ['Note: [object Object]', '[object Object]'],
    [`Versione ${'ab12'.repeat(16)}`, "un'impronta esadecimale"],
    ['Offerta inviata: Si', 'Si senza accento (Sì)'],
    ['Gruppo: Telehandler 14 m', 'una parola inglese'],
    ['Search...', 'una parola inglese'],
  ])('%j: %s', (text, rule) => {
    expect(rules(text)).toContain(rule);
  });

  it.each([
    'Totale 1.850,00 € (IVA esclusa), 29.000,00 € il listino',
    'Km 12.500 km, ore 3.420 h; il 24-11-2026 alle 10:05',
    'Offerta inviata: Sì. Si prega di confermare. Si è verificato un errore',
    'Telefono 035.412.000, email info@rossinoleggi.it, username mario.rossi',
    'Sollevatore telescopico 14 m; 42,0 km dalla filiale al cantiere',
  ])('%j reads well', (text) => {
    expect(unreadable(text)).toEqual([]);
  });

  it('leaves the evidence closing a PDF to whoever must verify it', () => {
    const pdf = `Offerta 1.850,00 € Dati di verifica Impronta (SHA-256) ${'0f'.repeat(32)}`;
    expect(rules(pdf, { evidenceAtEnd: true })).toEqual([]);
    expect(rules(pdf)).toContain('un nome di algoritmo (SHA)');
  });
});
