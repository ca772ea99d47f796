import { describe, expect, it } from 'vitest';
import { serverSetFieldsFor } from './serverSetFields.ts';

const ui = {
  'ui:order': ['nome', 'created', 'accettata'],
  nome: { 'ui:widget': 'text' },
  created: { 'ui:options': { serverSet: 'created' }, 'ui:readonly': true },
  accettata: { 'ui:options': { writtenBy: ['confirmTrattativaCpOffer'] }, 'ui:readonly': true },
};

describe('fields the server fills or only their own operation writes', () => {
  it('are hidden while the record is new', () => {
    const out = serverSetFieldsFor(ui, false);
    expect(out.created).toEqual({ 'ui:options': { serverSet: 'created' }, 'ui:readonly': true, 'ui:widget': 'hidden' });
    expect(out.accettata).toMatchObject({ 'ui:readonly': true, 'ui:widget': 'hidden' });
    expect(out.nome).toEqual({ 'ui:widget': 'text' });
    expect(out['ui:order']).toEqual(['nome', 'created', 'accettata']);
  });
  it('are shown read-only once it exists', () => {
    expect(serverSetFieldsFor(ui, true)).toBe(ui);
  });
});
