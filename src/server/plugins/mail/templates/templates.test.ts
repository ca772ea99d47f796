import { describe, expect, it } from 'vitest';
import type { EmailKind } from '../../../../../generated/entities.ts';
import { EmailKindValues } from '../../../../../generated/enums.ts';
import { formatDay, formatInstant, mailTemplates, offerLink, type Brand } from './messages.ts';
import { unreadable } from '../../../../../tests/helpers/readableText.ts';
import { escapeHtml, renderMail } from './render.ts';

const brand: Brand = { company: 'Rossi Noleggi S.r.l.', publicUrl: 'https://crm.rossinoleggi.it' };
const EVIL = '<script>alert("x")</script> & \'co\'';

// One sample per kind; the Record makes a new kind in schemas/common.json fail here until it has one.
const samples: Record<EmailKind, () => ReturnType<(typeof mailTemplates)[EmailKind]>> = {
  anagrafica: () =>
    mailTemplates.anagrafica(
      {
        ragioneSociale: EVIL,
        dati: [
          ['Partita IVA', '00743110157'],
          ['Telefono', null],
          ['Note', EVIL],
        ],
      },
      brand,
    ),
  brochure: () => mailTemplates.brochure({ titolo: EVIL, contatto: EVIL }, brand),
  brochureMarketing: () => mailTemplates.brochureMarketing({ oggetto: 'Novità autunno', testo: `Riga 1\n${EVIL}` }),
  linkAccreditamento: () =>
    mailTemplates.linkAccreditamento(
      { link: 'https://portale.rossinoleggi.it/accredita?c=1&t=2', contatto: EVIL },
      brand,
    ),
  offerta: () => mailTemplates.offerta({ documentToken: 'a/b?c', contatto: EVIL, scadenza: '2025-10-24' }, brand),
  offertaAccettata: () =>
    mailTemplates.offertaAccettata({
      ragioneSociale: EVIL,
      accettataIl: '2025-09-24T08:05:00Z',
      numeroOfferta: 'OFF-1',
    }),
  offertaFirmata: () => mailTemplates.offertaFirmata({ contatto: EVIL, numeroOfferta: 'OFF-1' }, brand),
  promemoriaOfferta: () =>
    mailTemplates.promemoriaOfferta({ documentToken: 'tok', scadenza: '2025-10-24', giorni: 3, contatto: EVIL }, brand),
  offertaRifiutata: () => mailTemplates.offertaRifiutata({ ragioneSociale: EVIL, motivo: EVIL, note: EVIL }),
  richiestaNuovaOfferta: () => mailTemplates.richiestaNuovaOfferta({ ragioneSociale: EVIL, messaggio: EVIL }),
};

// The same messages with the data a real send gives them, for what a person reads in them.
const customer = { contatto: 'Paolo Brambilla', firma: 'Marco Conti' };
const readableSamples: Record<EmailKind, () => ReturnType<(typeof mailTemplates)[EmailKind]>> = {
  anagrafica: () =>
    mailTemplates.anagrafica(
      { ...customer, ragioneSociale: 'Edilizia Brambilla S.r.l.', dati: [['Telefono', '035.412.000']] },
      brand,
    ),
  brochure: () => mailTemplates.brochure({ ...customer, titolo: 'Piattaforme aeree' }, brand),
  brochureMarketing: () => mailTemplates.brochureMarketing({ oggetto: 'Novità autunno', testo: 'Le novità' }),
  linkAccreditamento: () =>
    mailTemplates.linkAccreditamento({ ...customer, link: 'https://portale.rossinoleggi.it/accredita' }, brand),
  offerta: () =>
    mailTemplates.offerta(
      { ...customer, documentToken: 'tok', numeroOfferta: 'OFF-2025-000001', scadenza: '2025-10-24', conPdf: true },
      brand,
    ),
  offertaAccettata: () =>
    mailTemplates.offertaAccettata({
      ragioneSociale: 'Edilizia Brambilla S.r.l.',
      accettataIl: '2025-09-24T08:05:00.000Z',
      numeroOfferta: 'OFF-2025-000001',
      link: 'https://crm.rossinoleggi.it/trattativeCp/trattativeCp/1',
    }),
  offertaFirmata: () => mailTemplates.offertaFirmata({ ...customer, numeroOfferta: 'OFF-2025-000001' }, brand),
  promemoriaOfferta: () =>
    mailTemplates.promemoriaOfferta({ ...customer, documentToken: 'tok', scadenza: '2025-10-24', giorni: 1 }, brand),
  offertaRifiutata: () =>
    mailTemplates.offertaRifiutata({ ragioneSociale: 'Edilizia Brambilla S.r.l.', motivo: 'Prezzo', note: null }),
  richiestaNuovaOfferta: () =>
    mailTemplates.richiestaNuovaOfferta({
      ragioneSociale: 'Edilizia Brambilla S.r.l.',
      contatto: 'Paolo Brambilla',
      telefono: '035 412 000',
    }),
};

describe('mail templates', () => {
  it.each(EmailKindValues)('%s: escapes every value in the HTML, names the company, has a text part', (kind) => {
    const { subject, html, text } = renderMail(samples[kind](), brand.company);
    expect(subject.trim()).not.toBe('');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/<img|<link|url\(|src=/);
    expect(html).toContain('Rossi Noleggi S.r.l.');
    expect(html).toContain('<table role="presentation"');
    expect(text).toContain('Rossi Noleggi S.r.l.');
    expect(text).not.toContain('S.r.l..');
    if (kind !== 'brochureMarketing') expect(`${subject}${text}`).toContain(EVIL);
  });

  it('writes the escaped text, not the markup', () => {
    const { html, text } = renderMail(samples.brochure(), brand.company);
    expect(html).toContain(escapeHtml(EVIL));
    expect(escapeHtml(EVIL)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
    expect(text).toContain(`Gentile ${EVIL},`);
  });

  it('links the offer to the public page with the document token', () => {
    expect(offerLink(brand, 'a/b?c')).toBe('https://crm.rossinoleggi.it/trattativeCp/offers/a%2Fb%3Fc');
    const { html, text } = renderMail(samples.offerta(), brand.company);
    expect(html).toContain('href="https://crm.rossinoleggi.it/trattativeCp/offers/a%2Fb%3Fc"');
    expect(text).toContain("Vedi e conferma l'offerta: https://crm.rossinoleggi.it/trattativeCp/offers/a%2Fb%3Fc");
    expect(text).toContain("L'offerta è valida fino al 24-10-2025.");
    const link = renderMail(samples.linkAccreditamento(), brand.company);
    expect(link.html).toContain('href="https://portale.rossinoleggi.it/accredita?c=1&amp;t=2"');
  });

  it('signs a customer letter, not a notice to a colleague', () => {
    expect(renderMail(samples.offertaFirmata(), brand.company).text).toContain(
      'Cordiali saluti,\nRossi Noleggi S.r.l.',
    );
    const notice = renderMail(samples.offertaAccettata(), brand.company);
    expect(notice.text).not.toContain('Cordiali saluti');
    expect(notice.text).toContain('Messaggio automatico del CRM – Rossi Noleggi S.r.l.');
    expect(notice.text).toContain("ha accettato l'offerta OFF-1 il 24-09-2025 alle 10:05.");
  });

  it('refuses a link that is not a web address', () => {
    expect(() =>
      renderMail(mailTemplates.linkAccreditamento({ link: 'javascript:alert(1)' }, brand), brand.company),
    ).toThrow('link non valido');
  });

  it('keeps the empty registry fields out and the new lines of a marketing text', () => {
    const { text } = renderMail(samples.anagrafica(), brand.company);
    expect(text).toContain('Partita IVA: 00743110157');
    expect(text).not.toContain('Telefono');
    expect(renderMail(samples.brochureMarketing(), brand.company).html).toContain('Riga 1<br>&lt;script&gt;');
  });

  it('says when an offer expires, in words', () => {
    const reminder = (giorni: number) =>
      mailTemplates.promemoriaOfferta(
        { documentToken: 't', scadenza: '2025-10-24', giorni, numeroOfferta: 'OFF-7' },
        brand,
      ).subject;
    expect(reminder(3)).toBe('La sua offerta di noleggio OFF-7 scade tra 3 giorni - Rossi Noleggi S.r.l.');
    expect(reminder(1)).toBe('La sua offerta di noleggio OFF-7 scade domani - Rossi Noleggi S.r.l.');
    expect(reminder(0)).toBe('La sua offerta di noleggio OFF-7 scade oggi - Rossi Noleggi S.r.l.');
  });

  it('writes dates as every screen and PDF does (DD-MM-YYYY, HH:mm in Rome)', () => {
    expect(formatDay('2025-10-24')).toBe('24-10-2025');
    expect(formatInstant('2025-09-24T08:05:00Z')).toBe('24-09-2025 alle 10:05');
    expect(formatInstant('2025-12-01T23:30:00Z')).toBe('02-12-2025 alle 00:30');
  });

  it.each(EmailKindValues)('%s: reads as people read, in the subject and in the text', (kind) => {
    const { subject, text } = renderMail(readableSamples[kind](), brand.company);
    expect(unreadable(`${subject}\n${text}`)).toEqual([]);
  });

  it('shows a phone number as every screen does', () => {
    const { text } = renderMail(readableSamples.richiestaNuovaOfferta(), brand.company);
    expect(text).toContain('Telefono: 035.412.000');
  });
});
