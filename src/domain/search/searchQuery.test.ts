import { describe, expect, it } from 'vitest';
import { foldText, kindsFor, parseSearch, rankWordMatches, type RankedRow } from './searchQuery.ts';

describe('what was typed, taken apart for each tier', () => {
  it('folds accents, case and punctuation as the database does', () => {
    expect(foldText("  Società  Cooperativa d'Àvola ")).toBe('societa cooperativa d avola');
  });

  it('reads a VAT number with or without IT, and never as a phone number', () => {
    expect(parseSearch('IT 00743110157')).toMatchObject({ codes: ['it00743110157', '00743110157'], phone: null });
  });

  it('reads a phone number in any Italian format as E.164', () => {
    for (const typed of ['0521 123456', '0521.123.456', '+39 0521 123456', '0039 0521-123456'])
      expect(parseSearch(typed).phone).toBe('+390521123456');
    expect(parseSearch('333 1234567').codes).toContain('+393331234567');
  });

  it('reads part of a phone number, however grouped, as the start of its digits (without +39)', () => {
    expect(parseSearch('335 12').prefixQuery).toBe('(335:* & 12:*) | 33512:*');
    expect(parseSearch('+39 02.45').prefixQuery).toBe('(39:* & 02:* & 45:*) | 0245:*');
    expect(parseSearch('0039 333').prefixQuery).toBe('(0039:* & 333:*) | 333:*');
    expect(parseSearch('+41 44 668').prefixQuery).toBe('(41:* & 44:* & 668:*) | 4144668:*');
    expect(parseSearch('3351234').prefixQuery).toBe('3351234:*');
    expect(parseSearch('33').prefixQuery).toBe('33:*');
    expect(parseSearch('via 12').prefixQuery).toBe('via:* & 12:*');
  });

  it('turns the words into a prefix query with nothing of the query syntax', () => {
    expect(parseSearch("bram & !edil:*|'x")).toMatchObject({ prefixQuery: 'bram:* & edil:* & x:*' });
    expect(parseSearch('&&').prefixQuery).toBeNull();
  });
});

describe('who finds what', () => {
  it('a salesperson finds customers and negotiations, not users or machines', () => {
    expect(kindsFor(['ROLE_COMMERCIALE_CP'])).toEqual(['cliente', 'contatto', 'trattativa', 'offerta']);
  });
  it('a contact-centre operator without the CRM roles finds nothing of them', () => {
    expect(kindsFor(['ROLE_CONTACT_CENTER'])).toEqual([]);
  });
});

describe('the order of word matches', () => {
  it('puts titles starting with the text first, then by kind', () => {
    const rows: RankedRow[] = [
      { kind: 'trattativa', id: 1, title: 'Nuova Brambilla' },
      { kind: 'trattativa', id: 2, title: 'Brambilla Edilizia S.r.l.' },
      { kind: 'cliente', id: 3, title: 'Brambilla Edilizia S.r.l.' },
      { kind: 'cliente', id: 4, title: 'Brambilla' },
    ];
    expect(rankWordMatches(rows, 'bramb').map((r) => r.id)).toEqual([4, 3, 2, 1]);
  });
});
