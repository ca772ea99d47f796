import { describe, expect, it } from 'vitest';
import { homeCardsFor, quickLinksFor } from './homeCards.ts';

describe('the home page of each role', () => {
  it.each([
    [['ROLE_USER_CRM'], ['todayPlanning', 'toComplete']],
    [['ROLE_USER_CP'], ['todayPlanning', 'toComplete', 'myNegotiations']],
    // Its call-backs are its activities.
    [['ROLE_CONTACT_CENTER'], ['todayPlanning', 'toComplete', 'missedCalls']],
    [['ROLE_ADMIN'], ['todayPlanning', 'toComplete', 'myNegotiations', 'missedCalls']],
    [['ROLE_USER_INVENTARIO_MEZZI'], []],
  ])('%j sees the cards %j', (roles, cards) => expect(homeCardsFor(roles)).toEqual(cards));

  it('links the screens of the sections, not the configuration tables', () => {
    const links = quickLinksFor(['ROLE_SUPERVISOR_CP']);
    expect(links.map((l) => l.label)).toEqual(['Clienti', 'Trattative']);
    expect(links.flatMap((l) => l.entries.map((e) => e.route))).not.toContain('/configurations/fonti');
    expect(quickLinksFor(['ROLE_USER_INVENTARIO_MEZZI'])[0]?.entries.map((e) => e.label)).toContain('Inventari mezzi');
    expect(quickLinksFor(['ROLE_USER'])).toEqual([]);
  });
});
