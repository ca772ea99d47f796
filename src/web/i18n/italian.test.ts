import { describe, expect, it } from 'vitest';
import { article, inSentence, missingRecord, newOne, theOne, toward, type Grammar } from './italian.ts';

const m: Grammar = { gender: 'masculine', plural: false };
const f: Grammar = { gender: 'feminine', plural: false };
const mp: Grammar = { gender: 'masculine', plural: true };
const fp: Grammar = { gender: 'feminine', plural: true };

describe('phrases that agree with a title', () => {
  it.each([
    ['Attività', f, 'Nuova attività'],
    ['Agente', m, 'Nuovo agente'],
    ['Fonte', f, 'Nuova fonte'],
    ['Trattativa CP', f, 'Nuova trattativa CP'],
    ['Email', f, 'Nuova email'],
    ['Gruppo CRM', m, 'Nuovo gruppo CRM'],
    ['Altre configurazioni', fp, 'Nuove altre configurazioni'],
    ['Mezzi inventariati', mp, 'Nuovi mezzi inventariati'],
  ])('%s → %s', (title, g, phrase) => expect(newOne(title, g)).toBe(phrase));

  it.each([
    ['Fonte', f, 'la fonte'],
    ['Attività', f, "l'attività"],
    ['Agente', m, "l'agente"],
    ['Stato offerta', m, 'lo stato offerta'],
    ['Zona', f, 'la zona'],
    ['Prezzo trasporto', m, 'il prezzo trasporto'],
    ['Incontri', mp, 'gli incontri'],
    ['Stati', mp, 'gli stati'],
    ['Tecnici', mp, 'i tecnici'],
    ['Filiali', fp, 'le filiali'],
  ])('%s with its article: %s', (title, g, phrase) => expect(theOne(title, g)).toBe(phrase));

  it('keeps acronyms and lower-cases the rest', () => {
    expect(inSentence('CRM principale')).toBe('CRM principale');
    expect(inSentence('Codice tecnico')).toBe('codice tecnico');
    expect(article('Hotel', m)).toBe("l'");
  });

  it('writes "ad" before a name starting with a', () => {
    expect(toward('Amministratore di sistema')).toBe('ad Amministratore di sistema');
    expect(toward('Mario Rossi')).toBe('a Mario Rossi');
  });

  it('says which record does not exist, in agreement', () => {
    expect(missingRecord('Cliente', m, '999')).toBe(
      'Il cliente 999 non esiste, è stato eliminato o non è visibile al tuo utente.',
    );
    expect(missingRecord('Trattativa CP', f, '7')).toBe(
      'La trattativa CP 7 non esiste, è stata eliminata o non è visibile al tuo utente.',
    );
    expect(missingRecord('Attività', f, '3')).toBe(
      "L'attività 3 non esiste, è stata eliminata o non è visibile al tuo utente.",
    );
  });
});
