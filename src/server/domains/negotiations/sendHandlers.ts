import type { EmailKind } from '../../../../generated/entities.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { defineHandlers, type AppContext } from '../../context.ts';
import { repositoryOn, type Row } from '../../crud/crudRepository.ts';
import type { AnyRequest } from '../../http/handler.ts';
import type { Queryable } from '../../db/Db.ts';
import { HttpError } from '../../http/httpError.ts';
import { NOT_CONFIGURED, type OutgoingMail } from '../../plugins/mail/index.ts';
import type { SentHook } from '../../plugins/mail/mailer.ts';
import { invalid } from '../files/index.ts';
import { accreditationLink, contactOf } from '../users/index.ts';
import { readParts } from './attachmentHandlers.ts';
import { writeHistory } from '../../crud/history.ts';
import { brochureAttachment } from './brochureHandlers.ts';
import { announce, setFlag, visibleRow } from './repository.ts';
import { viewerOf } from './visibility.ts';

/** The flag each kind of message sets on its negotiation once it has been delivered (SPEC.md section 4). */
export const FLAG_OF_KIND: Partial<Record<EmailKind, string>> = {
  anagrafica: 'anagraficaInviata',
  brochure: 'brochureInviata',
  brochureMarketing: 'brochureInviata',
  linkAccreditamento: 'linkAccreditamentoInviato',
  offerta: 'offertaInviata',
};

export const SEND_MESSAGES = {
  queued: 'Richiesta inviata correttamente',
  notConfigured: `Email salvata ma non inviata. ${NOT_CONFIGURED}`,
  noBrochure: 'Scegliere la brochure da inviare',
  noLink: "Il link di accreditamento non è impostato per l'utente: chiederlo all'amministratore (Utenti)",
  erpDown: 'Il gestionale (Mago) non ha risposto: riprovare più tardi',
} as const;

/** Who sends: their name signs the message, replies go to them, and it leaves from the company's address. */
export type Sender = Awaited<ReturnType<typeof senderOf>>;

async function senderOf(ctx: AppContext, req: Pick<AnyRequest, 'user'>) {
  const [user, settings] = await Promise.all([
    contactOf(ctx.db, req.user?.id ?? 0),
    ctx.resource('AltraConfigurazione').repo.single(),
  ]);
  return { firma: user.name || null, replyTo: user.email || null, from: settings?.emailMittente || null };
}

/**
 * One message about a negotiation the caller sees, written to the outbox in one transaction with the
 * negotiation locked. Its flag is set when the message is delivered (negotiationMailSent), not before.
 */
export async function sendAboutNegotiation(
  req: Pick<AnyRequest, 'user'>,
  ctx: AppContext,
  negotiationId: number,
  build: (row: Row, tx: Queryable, sender: Sender) => Promise<Omit<OutgoingMail, 'cause' | 'from' | 'replyTo'>>,
) {
  const viewer = await viewerOf(ctx, req.user);
  const sender = await senderOf(ctx, req);
  const { status } = await ctx.db.transaction(async (tx) => {
    const row = await visibleRow(tx, viewer, negotiationId, true);
    const mail = await build(row, tx, sender);
    const note = `${mail.subject} → ${[mail.to].flat().join(', ')}`;
    await writeHistory(tx, { resource: 'trattativaCp', id: negotiationId, event: 'invio', note });
    return ctx.mail.enqueue(tx, {
      ...mail,
      from: sender.from,
      replyTo: sender.replyTo,
      // People read who asked for it ("Richiesta da") by name, as the users table has it.
      cause: { entity: 'trattativaCp', id: negotiationId, user: sender.firma ?? req.user?.username },
    });
  });
  // The status says what the message means: the page warns when the e-mail was saved but not sent.
  return { message: status === 'queued' ? SEND_MESSAGES.queued : SEND_MESSAGES.notConfigured, status };
}

export const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
/** A field's value as its kind reads everywhere (a phone number dotted as on the screens), else as typed. */
const shown = (kind: string | undefined, v: unknown) =>
  kind && kind in displayFormats ? displayFormats[kind as keyof typeof displayFormats](v) || null : text(v);

/** The registry fields the customer is asked to check, labelled with the schema's titles. */
const ANAGRAFICA_FIELDS = [
  'ragioneSociale',
  'partitaIva',
  'codiceFiscale',
  'email',
  'telefono',
  'contatto',
  'paeseTrattativa',
  'destinazioneCantiere',
];

/** The brochure chosen, else the first of the negotiation's machine family. */
async function brochureFor(ctx: AppContext, tx: Queryable, row: Row, chosen: number | undefined) {
  const brochures = repositoryOn(tx, ctx.resource('InvioBrochure'));
  const brochure = await brochures.first(
    chosen ? { id: chosen } : { famigliaMezzoId: Number(row.famigliaMezzoId ?? 0) },
  );
  if (!brochure)
    throw invalid(
      'invioBrochureId',
      chosen ? "non esiste più: scegliere un valore dall'elenco" : SEND_MESSAGES.noBrochure,
    );
  // As stored: the PDF's file name is a server-only column, never in a record.
  return (await brochures.raw(Number(brochure.id))) ?? brochure;
}

export const sendHandlers = defineHandlers({
  sendTrattativaCpAnagrafica: async (req, ctx) => {
    const body = req.body;
    const properties = (ctx.contract.entitySchema('TrattativaCp').properties ?? {}) as Record<
      string,
      { title?: string; 'x-kind'?: string }
    >;
    return sendAboutNegotiation(req, ctx, body.idTrattativaCp, async (row, _tx, sender) => ({
      to: body.email,
      ...ctx.mail.render.anagrafica({
        ragioneSociale: String(row.ragioneSociale ?? ''),
        contatto: text(row.contatto),
        firma: sender.firma,
        dati: ANAGRAFICA_FIELDS.map((f) => [properties[f]?.title ?? f, shown(properties[f]?.['x-kind'], row[f])]),
      }),
    }));
  },

  sendTrattativaCpBrochure: async (req, ctx) => {
    const body = req.body;
    return sendAboutNegotiation(req, ctx, body.idTrattativaCp, async (row, tx, sender) => {
      const brochure = await brochureFor(ctx, tx, row, body.invioBrochureId);
      // The brochure itself travels with its message: one without its PDF is not sent.
      const attachment = await brochureAttachment(ctx, brochure);
      return {
        to: body.email,
        ...ctx.mail.render.brochure({
          titolo: String(brochure.description ?? ''),
          oggetto: text(brochure.oggetto),
          testo: text(brochure.testo),
          contatto: text(row.contatto),
          firma: sender.firma,
        }),
        attachments: [attachment],
      };
    });
  },

  sendTrattativaCpLinkAccreditamento: async (req, ctx) => {
    const body = req.body;
    // The link is personal: the sender's own, else the one of the negotiation's operator.
    return sendAboutNegotiation(req, ctx, body.idTrattativaCp, async (row, tx, sender) => {
      const link = await accreditationLink(tx, [req.user?.id ?? 0, Number(row.operatoreId ?? 0)], req.user?.id ?? 0);
      if (!link || !/^https?:\/\//i.test(link)) throw invalid('linkAccreditamento', SEND_MESSAGES.noLink);
      return {
        to: body.email,
        ...ctx.mail.render.linkAccreditamento({ link, contatto: text(row.contatto), firma: sender.firma }),
      };
    });
  },

  sendTrattativaCpBrochureMarketing: async (req, ctx) => {
    const { fields, files } = await readParts(req, ctx, (name) => /^allegati_\d{1,2}$/.test(name));
    const known = new Set(['idTrattativaCp', 'oggetto', 'testo', 'email']);
    for (const name of fields.keys()) if (!known.has(name)) throw invalid(name, 'campo non previsto');
    const id = Number(fields.get('idTrattativaCp'));
    if (!Number.isInteger(id) || id < 1) throw invalid('idTrattativaCp', 'Indicare la trattativa');
    const oggetto = (fields.get('oggetto') ?? '').trim();
    const testo = (fields.get('testo') ?? '').trim();
    if (!oggetto) throw invalid('oggetto', "l'oggetto è obbligatorio");
    if (oggetto.length > 255) throw invalid('oggetto', 'al massimo 255 caratteri');
    if (!testo) throw invalid('testo', 'il testo è obbligatorio');
    if (testo.length > 4000) throw invalid('testo', 'al massimo 4000 caratteri');
    return sendAboutNegotiation(req, ctx, id, async (_row, _tx, sender) => ({
      to: fields.get('email') ?? '',
      ...ctx.mail.render.brochureMarketing({ oggetto, testo, firma: sender.firma }),
      attachments: files.map((f, i) => ({
        filename: f.name?.trim() ? f.name.slice(0, 200) : `allegato-${i + 1}.${f.ext}`,
        content: f.buffer,
        contentType: f.mime,
      })),
    }));
  },

  // Not an e-mail: the ERP adapter records the prospect; the flag is set as soon as it answers.
  sendTrattativaCpContattoMago: async (req, ctx) => {
    const body = req.body;
    const viewer = await viewerOf(ctx, req.user);
    const row = await visibleRow(ctx.db, viewer, body.idTrattativaCp);
    const contact = Object.fromEntries(
      Object.entries({
        companyName: text(row.ragioneSociale),
        vatNumber: text(row.partitaIva),
        city: text(row.paeseTrattativa),
        address: text(row.formattedAddress) ?? text(row.destinazioneCantiere),
        email: text(row.email),
      }).filter(([, v]) => v !== null),
    ) as { companyName: string };
    if (!contact.companyName) throw invalid('ragioneSociale', 'la ragione sociale è obbligatoria');
    let result: { code: string; existing: boolean };
    try {
      result = await ctx.erp.sendContact(contact);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      req.raw.log.error({ err, erp: ctx.erp.name }, 'ERP: invio contatto non riuscito');
      throw new HttpError(502, SEND_MESSAGES.erpDown);
    }
    const updated = await setFlag(ctx.db, body.idTrattativaCp, 'contattoMagoInviato');
    if (updated) await announce(ctx, updated, 'updated', req.user);
    return {
      message: result.existing
        ? `Il contatto è già in Mago con il codice ${result.code}`
        : `Contatto inviato a Mago con il codice ${result.code}`,
    };
  },
});

/** The delivery of a message about a negotiation sets its flag, in the transaction that marks it sent. */
export function negotiationMailSent(ctx: AppContext): SentHook {
  return async (tx: Queryable, sent) => {
    const flag = FLAG_OF_KIND[sent.kind];
    if (sent.causeEntity !== 'trattativaCp' || !sent.causeId || !flag) return;
    const row = await setFlag(tx, sent.causeId, flag);
    if (!row) return;
    return () => void announce(ctx, row, 'updated', null).catch(() => undefined);
  };
}
