import type { EmailStatus } from '../../../../generated/entities.ts';
import type { FormSection, JsonObject } from '../../../domain/resourceDefinition.ts';
import type { Row } from '../../api/resourceApi.ts';
import type { RowColors } from '../../resources/resourceExtensions.ts';

/**
 * The negotiation page's groups (issue 14): lead and company, contact, site with its map position, visit and
 * callback, rental need, then prices, the offer with what was sent, and the notes. Titles are the page's own;
 * every field, label and check still comes from the schema.
 */
export const PAGE_SECTIONS: FormSection[] = [
  {
    title: 'Lead e azienda',
    fields: [
      'ragioneSociale',
      'partitaIva',
      'codiceFiscale',
      'personaFisica',
      'cliente',
      'fonteId',
      'statoTrattativaId',
      'commercialeId',
      'operatoreId',
      'gruppoCrmId',
      'filialeId',
      'sectorId',
      'score',
      'competitorTrattativeId',
      'competitorAttuale',
      'motivoPersaId',
      'dataInserimento',
      'updated',
    ],
  },
  { title: 'Contatto', fields: ['contatto', 'email', 'telefono'] },
  {
    title: 'Cantiere',
    fields: [
      'paeseTrattativa',
      'destinazioneCantiere',
      'formattedAddress',
      'latitudeTrattativa',
      'longitudeTrattativa',
      'ctr',
    ],
  },
  {
    title: 'Visita e richiamo',
    fields: ['richiamareInData', 'richiamareInOrario', 'dataVisita', 'ripianificaVisita', 'noteVisita'],
  },
  {
    title: 'Esigenza di noleggio',
    fields: [
      'famigliaMezzoId',
      'famigliaGruppoRisorsaId',
      'gruppoRisorsaId',
      'filialeNoleggioId',
      'durata',
      'durataUnita',
      'inizio',
      'fine',
      'cauzione',
      'importoCauzione',
      'macchineAccessori',
    ],
  },
  {
    title: 'Prezzi',
    fields: [
      'trasportoAbilitato',
      'trasporto',
      'trasportoRitorno',
      'assicurazioneTipo',
      'assicurazionePrezzo',
      'scontoPercentuale',
      'scontoImporto',
    ],
  },
  { title: 'Offerta', fields: ['offerta', 'offertaRapida', 'statoOfferta', 'acceptedByCustomer'] },
  { title: 'Note', fields: ['note', 'notePersa'] },
];

/**
 * Kept elsewhere: archiving (its button), the offer builder's articles and the ERP price lists; who saved last
 * is a username, which the page names by full name where it matters (a colleague's save, a stale offer save).
 */
const ELSEWHERE = ['archiviata', 'articoli', 'listiniOfferta', 'updater'];

/**
 * The page's uiSchema from the generated one: its groups, the fields kept elsewhere hidden (`alsoHidden`: those
 * the offer builder edits on a saved negotiation), and the operator hidden from who may not read the users
 * (reassigning is how it changes).
 */
export function pageUiSchema(
  generated: JsonObject,
  canSeeUsers: boolean,
  alsoHidden: readonly string[] = [],
): JsonObject {
  const order = Array.isArray(generated['ui:order']) ? (generated['ui:order'] as string[]) : [];
  const hidden = [...ELSEWHERE, ...alsoHidden, ...(canSeeUsers ? [] : ['operatoreId'])].filter((f) =>
    order.includes(f),
  );
  const placed = new Set([...PAGE_SECTIONS.flatMap((s) => s.fields), ...hidden]);
  const ui: JsonObject = { ...generated };
  for (const f of hidden) ui[f] = { 'ui:widget': 'hidden' };
  const sections = PAGE_SECTIONS.map((s) => ({
    ...s,
    fields: s.fields.filter((f) => order.includes(f) && !hidden.includes(f)),
  })).filter((s) => s.fields.length > 0);
  // Fields the page does not place (a new schema property) still show, in a last group: nothing is lost.
  const rest = order.filter((f) => !placed.has(f));
  if (rest.length > 0) sections.push({ title: 'Altro', fields: rest });
  return {
    ...ui,
    'ui:order': [...sections.flatMap((s) => s.fields), '*'],
    'ui:options': {
      ...(generated['ui:options'] as JsonObject | undefined),
      sections: sections as unknown as JsonObject[],
    },
  };
}

/** What a save sends: an emptied duration is null (SPEC.md section 5), never an empty string. */
export function negotiationPayload(row: Row): Row {
  const durata = row.durata;
  return { ...row, durata: durata === '' || durata === undefined ? null : durata };
}

export { isLostStatus } from '../../../domain/negotiations/lostStatus.ts';

/** A row in the colours of its status (coloreSfondo, coloreCarattere), when the status has them. */
export function statusColors(statuses: readonly Row[], row: Row): RowColors | undefined {
  const status = statuses.find((s) => s.id === row.statoTrattativaId);
  const background = typeof status?.coloreSfondo === 'string' ? status.coloreSfondo : '';
  const text = typeof status?.coloreCarattere === 'string' ? status.coloreCarattere : '';
  if (!background && !text) return undefined;
  return { background: background || '#FFFFFF', text: text || '#000000' };
}

/** Recipients typed in one field: split on commas, semicolons and spaces; each kept once. */
export function parseRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Addresses that are not e-mail addresses, to name them before anything is sent. */
export const invalidRecipients = (list: readonly string[]): string[] => list.filter((e) => !EMAIL.test(e));

/** A send's answer: the server's message, and for an e-mail whether it left or was only saved. */
export interface SendAnswer {
  message: string;
  status?: EmailStatus;
}

/**
 * What the user is told after one or more sends: the server's own words, a success when every e-mail is on its way
 * (or the answer is not about an e-mail: the ERP's contact), a warning with the first that was saved but not sent.
 */
export function sendOutcome(answers: readonly SendAnswer[]): { severity: 'success' | 'warning'; message: string } {
  const held = answers.find((a) => a.status !== undefined && a.status !== 'queued' && a.status !== 'sent');
  if (held) return { severity: 'warning', message: held.message };
  return { severity: 'success', message: answers[0]?.message ?? '' };
}
