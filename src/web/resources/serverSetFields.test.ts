import { describe, expect, it } from 'vitest';
import { serverSetFieldsFor } from './serverSetFields.ts';

const ui = {
  'ui:order': ['nome', 'created'],
  nome: { 'ui:widget': 'text' },
  created: { 'ui:options': { serverSet: 'created' }, 'ui:readonly': true },
};

describe('fields the server fills', () => {
  it('are hidden while the record is new', () => {
    const out = serverSetFieldsFor(ui, false);
    expect(out.created).toEqual({ 'ui:options': { serverSet: 'created' }, 'ui:readonly': true, 'ui:widget': 'hidden' });
    expect(out.nome).toEqual({ 'ui:widget': 'text' });
    expect(out['ui:order']).toEqual(['nome', 'created']);
  });
  it('are shown read-only once it exists', () => {
    expect(serverSetFieldsFor(ui, true)).toBe(ui);
  });
});
