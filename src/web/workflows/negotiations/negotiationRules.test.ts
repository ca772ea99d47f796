import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { resource } from '../../../../generated/resources/trattativa-cp.ts';
import type { FormSection, JsonObject } from '../../../domain/resourceDefinition.ts';
import { formValidator } from '../../resources/formValidator.ts';
import {
  invalidRecipients,
  isLostStatus,
  negotiationPayload,
  pageUiSchema,
  parseRecipients,
  sendOutcome,
  statusColors,
} from './negotiationRules.ts';

const schema = resource.form.schema as RJSFSchema;
const sectionsOf = (ui: JsonObject) => (ui['ui:options'] as unknown as { sections: FormSection[] }).sections;

describe('the form of a new negotiation starts with the defaults of SPEC.md section 4, from the schema', () => {
  // The sent flags and the attachments are read-only: the server gives them their defaults on create.
  const defaults = getDefaultFormState(formValidator, schema, {}) as Record<string, unknown>;
  it.each<[string, unknown]>([
    ['offerta', 'N'],
    ['trasportoAbilitato', true],
    ['trasporto', 100],
    ['trasportoRitorno', 100],
    ['archiviata', 'N'],
  ])('%s is %j', (field, want) => {
    expect(defaults[field]).toEqual(want);
  });
});

describe('pageUiSchema: the page groups every form field once', () => {
  const formFields = Object.keys(schema.properties ?? {});
  it.each<[string, boolean, string[]]>([
    ['who may read the users sees the operator', true, ['archiviata', 'articoli', 'listiniOfferta', 'updater']],
    [
      'others do not (reading the users is not theirs)',
      false,
      ['archiviata', 'articoli', 'listiniOfferta', 'updater', 'operatoreId'],
    ],
  ])('%s', (_name, canSeeUsers, hidden) => {
    const ui = pageUiSchema(resource.form.uiSchema, canSeeUsers);
    const shown = sectionsOf(ui).flatMap((s) => s.fields);
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown, ...hidden].sort()).toEqual([...formFields].sort());
    for (const f of hidden) expect(ui[f]).toEqual({ 'ui:widget': 'hidden' });
  });

  it('a field the page does not know yet still shows, in a last group', () => {
    const generated = { ...(resource.form.uiSchema as JsonObject), 'ui:order': ['ragioneSociale', 'nuovoCampo'] };
    expect(sectionsOf(pageUiSchema(generated, true)).at(-1)).toEqual({ title: 'Altro', fields: ['nuovoCampo'] });
  });
});

describe('negotiationPayload: durata empty becomes null (SPEC.md section 5)', () => {
  it.each<[unknown, unknown]>([
    ['', null],
    [undefined, null],
    [null, null],
    [10, 10],
  ])('durata %j is sent as %j', (durata, want) => {
    expect(negotiationPayload({ ragioneSociale: 'X', durata }).durata).toBe(want);
  });
});

describe('isLostStatus', () => {
  it.each<[string, Record<string, unknown> | undefined, boolean]>([
    ['the code LOST', { code: 'LOST', description: 'Chiusa persa' }, true],
    ['the code in lower case', { code: 'lost', description: 'X' }, true],
    ['another code, whatever the description', { code: 'WIN', description: 'Non persa' }, false],
    ['no code: a description saying persa', { code: '', description: 'Trattativa persa' }, true],
    ['no code: a description saying perso', { description: 'Perso' }, true],
    ['no code: a word that only begins the same', { description: 'Persone da richiamare' }, false],
    ['no status', undefined, false],
  ])('%s', (_name, status, want) => {
    expect(isLostStatus(status)).toBe(want);
  });
});

describe('statusColors: a row in the colours of its status', () => {
  const statuses = [
    { id: 1, coloreSfondo: '#C62828', coloreCarattere: '#FFFFFF' },
    { id: 2, coloreSfondo: '#E3F2FD', coloreCarattere: '' },
    { id: 3, coloreSfondo: '', coloreCarattere: '' },
  ];
  it.each<[string, unknown, unknown]>([
    ['both colours', 1, { background: '#C62828', text: '#FFFFFF' }],
    ['a missing text colour is black', 2, { background: '#E3F2FD', text: '#000000' }],
    ['a status without colours leaves the row as it is', 3, undefined],
    ['no status', null, undefined],
    ['a status not (yet) loaded', 9, undefined],
  ])('%s', (_name, statoTrattativaId, want) => {
    expect(statusColors(statuses, { statoTrattativaId })).toEqual(want);
  });
});

describe('recipients', () => {
  it.each<[string, string[]]>([
    ['a@b.it', ['a@b.it']],
    ['a@b.it, c@d.it;e@f.it  g@h.it', ['a@b.it', 'c@d.it', 'e@f.it', 'g@h.it']],
    ['a@b.it,a@b.it', ['a@b.it']],
    ['  ', []],
  ])('%j gives %j', (text, want) => {
    expect(parseRecipients(text)).toEqual(want);
  });

  it.each<[string[], string[]]>([
    [['a@b.it', 'mario'], ['mario']],
    [['a@b', 'a@b.it'], ['a@b']],
    [['a@b.it'], []],
  ])('%j: not addresses %j', (list, want) => {
    expect(invalidRecipients(list)).toEqual(want);
  });
});

describe('sendOutcome: what a send tells the user', () => {
  const queued = { message: 'Richiesta inviata correttamente', status: 'queued' as const };
  const unsent = {
    message: "Email salvata ma non inviata. Invio e-mail non configurato: rivolgersi all'amministratore",
    status: 'notConfigured' as const,
  };

  it('is a success in the server’s words once the e-mail is on its way', () => {
    expect(sendOutcome([queued])).toEqual({ severity: 'success', message: 'Richiesta inviata correttamente' });
  });

  it('is a warning with the server’s words when the e-mail was saved but not sent, never a success', () => {
    expect(sendOutcome([unsent])).toEqual({ severity: 'warning', message: unsent.message });
    // One address of several kept unsent is enough to say so.
    expect(sendOutcome([queued, unsent])).toEqual({ severity: 'warning', message: unsent.message });
  });

  it('repeats what the ERP answered to a contact, which is no e-mail', () => {
    expect(sendOutcome([{ message: 'Contatto inviato a Mago con il codice C0042' }])).toEqual({
      severity: 'success',
      message: 'Contatto inviato a Mago con il codice C0042',
    });
  });
});
