import type { EmailKind } from '../../../../../generated/entities.ts';
import { formatRomeDateTime } from '../../../../domain/dates.ts';
import { displayFormats } from '../../../../domain/displayFormats.ts';
import type { Block, MailContent } from './render.ts';

/** What every message knows about the sender's side. */
export interface Brand {
  company: string;
  /** Base of public links, without the trailing slash (PUBLIC_URL). */
  publicUrl: string;
}

/** The public page where the customer reads and confirms an offer (SPEC.md: /trattativeCp/offers/{identificationCode}). */
export const offerLink = (brand: Brand, documentToken: string) =>
  `${brand.publicUrl}/trattativeCp/offers/${encodeURIComponent(documentToken)}`;

type Maybe<T> = T | null | undefined;
/** Who the customer message greets, and who signs it (a salesperson; else the company). */
interface Personal {
  contatto?: Maybe<string>;
  firma?: Maybe<string>;
}

/** 2025-10-24 → 24-10-2025, as every screen and PDF writes a day (a calendar day: no time zone shift). */
export const formatDay = (isoDay: string) => displayFormats.date(isoDay.slice(0, 10));
/** An instant as Rome reads it: 24-09-2025 alle 10:05. */
export const formatInstant = (iso: string) => formatRomeDateTime(iso, ' alle ');

const greet = (p: Personal) => (p.contatto?.trim() ? `Gentile ${p.contatto.trim()},` : 'Gentile cliente,');
const sign = (p: Personal) => p.firma?.trim() || undefined;
const numbered = (numero: Maybe<string>) => (numero ? ` ${numero}` : '');
const fallbackLink = (href: string): Block => ({
  note: `Se il pulsante non funziona, copi questo indirizzo nel browser: ${href}`,
  // The text part already shows the address next to the button's words.
  htmlOnly: true,
});
const openNegotiation = (link: Maybe<string>): Block[] =>
  link ? [{ button: { label: 'Apri la trattativa', href: link } }] : [];

export interface AnagraficaData extends Personal {
  ragioneSociale: string;
  /** Label and value of each registry field, in order; empty values are left out. */
  dati: [label: string, value: Maybe<string | number>][];
}
export interface BrochureData extends Personal {
  /** The brochure's name (invioBrochure.description). */
  titolo: string;
  /** The subject and text configured for this brochure (invioBrochure.oggetto, .testo), when set. */
  oggetto?: Maybe<string>;
  testo?: Maybe<string>;
}
export interface BrochureMarketingData extends Personal {
  /** Written by the user in the send dialog, sent as typed. */
  oggetto: string;
  testo: string;
}
export interface LinkAccreditamentoData extends Personal {
  link: string;
}
export interface OffertaData extends Personal {
  /** The negotiation's document token: the offer's public link. */
  documentToken: string;
  numeroOfferta?: Maybe<string>;
  /** Last day to confirm, YYYY-MM-DD. */
  scadenza?: Maybe<string>;
  /** The offer's PDF goes along as an attachment. */
  conPdf?: boolean;
}
export interface OffertaAccettataData {
  ragioneSociale: string;
  numeroOfferta?: Maybe<string>;
  /** When the customer accepted, ISO 8601. */
  accettataIl: string;
  /** The negotiation in the back office. */
  link?: Maybe<string>;
}
export interface OffertaFirmataData extends Personal {
  numeroOfferta?: Maybe<string>;
}
export interface PromemoriaOffertaData extends Personal {
  documentToken: string;
  numeroOfferta?: Maybe<string>;
  /** YYYY-MM-DD, and how many days are left until it. */
  scadenza: string;
  giorni: number;
}
export interface OffertaRifiutataData {
  ragioneSociale: string;
  numeroOfferta?: Maybe<string>;
  /** The lost reason the customer chose, and their note. */
  motivo: string;
  note?: Maybe<string>;
  link?: Maybe<string>;
}
export interface RichiestaNuovaOffertaData {
  ragioneSociale: string;
  contatto?: Maybe<string>;
  email?: Maybe<string>;
  telefono?: Maybe<string>;
  messaggio?: Maybe<string>;
  link?: Maybe<string>;
}

/** One template per kind of message (schemas/common.json EmailKind): plain text in, escaped by renderMail. */
export const mailTemplates = {
  anagrafica: (d: AnagraficaData, b: Brand): MailContent => ({
    subject: `Dati anagrafici di ${d.ragioneSociale} - ${b.company}`,
    greeting: greet(d),
    blocks: [
      { paragraph: `di seguito i dati anagrafici di ${d.ragioneSociale} registrati presso di noi.` },
      { fields: d.dati },
      { paragraph: 'Se qualche dato non è corretto, ci risponda pure a questa email.' },
    ],
    signature: sign(d),
  }),

  brochure: (d: BrochureData, b: Brand): MailContent => ({
    subject: d.oggetto?.trim() || `${d.titolo} - ${b.company}`,
    ...(d.testo?.trim()
      ? { blocks: [{ paragraph: d.testo.trim() }] }
      : {
          greeting: greet(d),
          blocks: [
            { paragraph: `come concordato, le inviamo la brochure «${d.titolo}».` },
            { paragraph: 'Per qualsiasi domanda o per un preventivo siamo a sua disposizione.' },
          ],
        }),
    signature: sign(d),
  }),

  brochureMarketing: (d: BrochureMarketingData): MailContent => ({
    subject: d.oggetto.trim(),
    blocks: [{ paragraph: d.testo.trim() }],
    signature: sign(d),
  }),

  linkAccreditamento: (d: LinkAccreditamentoData, b: Brand): MailContent => ({
    subject: `Accreditamento come cliente - ${b.company}`,
    greeting: greet(d),
    blocks: [
      {
        paragraph: `per completare l'accreditamento come cliente di ${b.company} le chiediamo di inserire i suoi dati nella pagina qui sotto.`,
      },
      { button: { label: "Completa l'accreditamento", href: d.link } },
      fallbackLink(d.link),
    ],
    signature: sign(d),
  }),

  offerta: (d: OffertaData, b: Brand): MailContent => {
    const link = offerLink(b, d.documentToken);
    return {
      subject: `Offerta di noleggio${numbered(d.numeroOfferta)} - ${b.company}`,
      greeting: greet(d),
      blocks: [
        {
          paragraph:
            'grazie per averci contattato. Abbiamo preparato la nostra offerta di noleggio: può consultarla e confermarla online.',
        },
        { button: { label: "Vedi e conferma l'offerta", href: link } },
        ...(d.scadenza ? [{ paragraph: `L'offerta è valida fino al ${formatDay(d.scadenza)}.` }] : []),
        ...(d.conPdf ? [{ paragraph: "In allegato trova anche l'offerta in PDF." }] : []),
        fallbackLink(link),
      ],
      signature: sign(d),
    };
  },

  offertaAccettata: (d: OffertaAccettataData): MailContent => ({
    subject: `Offerta accettata: ${d.ragioneSociale}${d.numeroOfferta ? ` (${d.numeroOfferta})` : ''}`,
    greeting: 'Buongiorno,',
    blocks: [
      {
        paragraph: `${d.ragioneSociale} ha accettato l'offerta${numbered(d.numeroOfferta)} il ${formatInstant(d.accettataIl)}.`,
      },
      { paragraph: 'È il momento di contattare il cliente per organizzare la consegna.' },
      ...openNegotiation(d.link),
    ],
    toStaff: true,
  }),

  offertaFirmata: (d: OffertaFirmataData, b: Brand): MailContent => ({
    subject: `Offerta firmata${numbered(d.numeroOfferta)} - ${b.company}`,
    greeting: greet(d),
    blocks: [
      {
        paragraph:
          'grazie per aver confermato la nostra offerta. In allegato trova il documento firmato, da conservare.',
      },
      { paragraph: 'Il nostro ufficio noleggi la contatterà a breve per concordare la consegna.' },
    ],
    signature: sign(d),
  }),

  promemoriaOfferta: (d: PromemoriaOffertaData, b: Brand): MailContent => {
    const link = offerLink(b, d.documentToken);
    const when = d.giorni <= 0 ? 'oggi' : d.giorni === 1 ? 'domani' : `tra ${d.giorni} giorni`;
    return {
      subject: `La sua offerta di noleggio${numbered(d.numeroOfferta)} scade ${when} - ${b.company}`,
      greeting: greet(d),
      blocks: [
        {
          paragraph: `le ricordiamo che la nostra offerta di noleggio${numbered(d.numeroOfferta)} scade ${when}, il ${formatDay(d.scadenza)}. Per confermarla bastano pochi istanti.`,
        },
        { button: { label: "Vedi e conferma l'offerta", href: link } },
        { paragraph: 'Se ha bisogno di modifiche, ci risponda pure a questa email.' },
        fallbackLink(link),
      ],
      signature: sign(d),
    };
  },

  offertaRifiutata: (d: OffertaRifiutataData): MailContent => ({
    subject: `Offerta rifiutata: ${d.ragioneSociale}${d.numeroOfferta ? ` (${d.numeroOfferta})` : ''}`,
    greeting: 'Buongiorno,',
    blocks: [
      { paragraph: `${d.ragioneSociale} ha rifiutato l'offerta${numbered(d.numeroOfferta)} dalla pagina pubblica.` },
      {
        fields: [
          ['Motivo', d.motivo],
          ['Note', d.note],
        ],
      },
      ...openNegotiation(d.link),
    ],
    toStaff: true,
  }),

  richiestaNuovaOfferta: (d: RichiestaNuovaOffertaData): MailContent => ({
    subject: `Nuova richiesta di offerta: ${d.ragioneSociale}`,
    greeting: 'Buongiorno,',
    blocks: [
      { paragraph: `${d.ragioneSociale} ha chiesto una nuova offerta dalla pagina pubblica dell'offerta.` },
      {
        fields: [
          ['Contatto', d.contatto],
          ['Email', d.email],
          ['Telefono', displayFormats.phone(d.telefono)],
          ['Messaggio', d.messaggio],
        ],
      },
      ...openNegotiation(d.link),
    ],
    toStaff: true,
  }),
} satisfies Record<EmailKind, (data: never, brand: Brand) => MailContent>;

export type MailTemplates = typeof mailTemplates;
